// Query-string handling. The router keeps query values as the strings they are: a reset token
// like "1e5" or a licence key like "00123" must reach the server unchanged (TanStack's default
// JSON-parses values).
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

export const parseSearch = parseSearchWith((value) => value);
export const stringifySearch = stringifySearchWith(JSON.stringify);

/** A query value as a string, or undefined when absent or not scalar. */
export function searchString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}
