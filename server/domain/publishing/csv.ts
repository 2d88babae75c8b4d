// CSV as spreadsheets read and write it (RFC 4180), small enough to own instead of a dependency:
// quoted cells with "" for a quote, line breaks inside quotes, CRLF / LF / CR rows, a leading
// UTF-8 byte-order mark, and the delimiter a spreadsheet chose (comma, semicolon in many European
// locales, or tab), read from the header row.

export const UTF8_BOM = '\uFEFF';

/** Cells a spreadsheet would run as a formula (CSV injection): these get a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell, safe to open in a spreadsheet and quoted when it must be. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n;]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole file: a byte-order mark (so Excel reads the UTF-8 as UTF-8), the header, the rows, each
 * line ended by CRLF as RFC 4180 says.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | null | undefined)[])[]): string {
  return UTF8_BOM + [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/**
 * What our export added to a cell to defuse a formula, taken off again on import, so a file
 * exported here and imported back keeps "-5 reasons…" as it was.
 */
export function undoFormulaGuard(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

export class CsvFormatError extends Error {}

/** The delimiter of the header row: whichever of , ; and tab occurs most outside quotes. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/**
 * The records of a CSV text, each an array of cells (a blank line is an empty record, so a
 * record's index + 1 is its row number in a spreadsheet). A quote inside an unquoted cell is
 * kept as text; a quoted cell that never closes is an error naming its row.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(UTF8_BOM) ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let cellStarted = false;
  let i = 0;
  const endCell = () => {
    record.push(cell);
    cell = '';
    cellStarted = false;
  };
  const endRecord = () => {
    endCell();
    records.push(record.length === 1 && record[0] === '' ? [] : record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        cell += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && !cellStarted) {
      quoted = true;
      cellStarted = true;
    } else if (char === delimiter) {
      endCell();
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && text[i + 1] === '\n') i += 1;
    } else {
      cell += char;
      cellStarted = true;
    }
    i += 1;
  }
  if (quoted) throw new CsvFormatError(`Row ${records.length + 1} has a quoted cell that is never closed (a " is missing).`);
  if (cellStarted || record.length > 0) endRecord();
  return records;
}
