// Storage keys: relative paths of safe segments, the same rules for every backend, so a key that
// works on S3 also works on disk and no key can ever reach outside the media folder. A segment is
// letters, digits, dot, dash and underscore, not starting with a dot (so no `.`, `..`, hidden
// files or our own temp files), and never empty (no leading, trailing or double slash).
export const MAX_KEY_LENGTH = 512;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid media storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The object does not exist (read/download of a missing key). */
export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No media object at ${key}`);
    this.name = 'ObjectNotFoundError';
  }
}

export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => SEGMENT.test(segment));
}

export function assertStorageKey(key: string): string {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/**
 * A prefix for deletePrefix: a key, a key cut short, or a folder ending in `/`. Never empty —
 * deleting "everything" is not something a request can ask for.
 */
export function assertStoragePrefix(prefix: string): string {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!isValidStorageKey(trimmed)) throw new InvalidStorageKeyError(prefix);
  return prefix;
}

/** Content types by file extension: the fallback when a backend kept none. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  ass: 'text/x-ssa',
  json: 'application/json',
};

export function contentTypeForKey(key: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (extension && TYPES_BY_EXTENSION[extension]) ?? 'application/octet-stream';
}
