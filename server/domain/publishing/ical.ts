// iCalendar (RFC 5545) text, written by hand: the format is small, and what matters is exact —
// TEXT values escaped (backslash, semicolon, comma, line breaks), UTC date-times, CRLF line ends
// and content lines folded at 75 octets without splitting a UTF-8 character.

/** A TEXT value: \ ; , escaped, every line break as \n, other control characters dropped. */
export function icsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** A DATE-TIME in UTC: 20300601T073000Z. */
export function icsUtc(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

const encoder = new TextEncoder();

/**
 * One content line folded as RFC 5545 §3.1 says: no line longer than 75 octets (the CRLF not
 * counted); a continuation starts with one space, which counts towards its 75.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** Property lines (name:value or name;params:value, values already escaped) as an iCalendar body. */
export function icsLines(lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join('');
}
