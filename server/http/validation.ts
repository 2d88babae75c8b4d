// Request validation with the shared contract schemas, answered the way Laravel does:
// 422 {message: first error, errors: {field: [messages]}}.
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

export class RequestValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
  }
}

const humanName = (field: string) => field.replace(/_/g, ' ');

/** zod's expected types as Laravel words them ("must be an array", "must be an integer"). */
const TYPE_WORDS: Record<string, string> = { array: 'an array', object: 'an object', int: 'an integer', integer: 'an integer', number: 'a number', string: 'a string', boolean: 'true or false' };

function messageFor(issue: z.core.$ZodIssue, input: Record<string, unknown>): string {
  const field = String(issue.path[0] ?? 'body');
  // Inside a list or object the schema's own words (when it has some) name the value better.
  if (issue.code === 'invalid_type' && issue.path.length > 1 && !issue.message.startsWith('Invalid input')) return issue.message;
  if (issue.code === 'invalid_type') {
    const value = input[field];
    if (value === undefined || value === null) return `The ${humanName(field)} field is required.`;
    return `The ${humanName(field)} field must be ${TYPE_WORDS[issue.expected] ?? `a ${issue.expected}`}.`;
  }
  return issue.message;
}

// Postgres text cannot hold NUL, and UTF-8 cannot encode a lone UTF-16 surrogate.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** For text that is kept but not validated (a User-Agent header): drops what cannot be stored. */
export function toStorableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '');
}

export const unstorableMessage = (field: string) => `The ${humanName(field)} field contains characters that cannot be stored.`;

/** Parsed JSON, forms and query strings; not the bytes of an upload (a Buffer) or a stream. */
function isParsedValue(value: object): boolean {
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && typeof (value as { pipe?: unknown }).pipe !== 'function';
}

/**
 * The path of the first string (value or key) in `input` that the database cannot store, or null.
 * Iterative, so no input can overflow the stack (bodies are depth-bounded at parse time anyway).
 */
export function findUnstorableText(input: unknown): string | null {
  // Each entry links to its parent instead of copying the path, so a deeply nested body costs
  // one step per value; the path is spelled out only for the value that is refused.
  interface Entry { value: unknown; key: string | null; parent: Entry | null }
  const pathOf = (entry: Entry | null): string => {
    const keys: string[] = [];
    for (let at = entry; at && at.key !== null; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.') || 'body';
  };
  const pending: Entry[] = [{ value: input, key: null, parent: null }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const { value } = entry;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(entry);
    } else if (value !== null && typeof value === 'object' && isParsedValue(value)) {
      for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
        if (!isStorableText(key)) return pathOf(entry);
        pending.push({ value: child, key, parent: entry });
      }
    }
  }
  return null;
}

/** The 422 for the first text in `input` the database cannot store; null when all of it can be. */
function unstorableTextError(input: unknown): RequestValidationError | null {
  const path = findUnstorableText(input);
  return path === null ? null : new RequestValidationError({ [path]: [unstorableMessage(path.split('.')[0]!)] });
}

/**
 * Refuses text the database cannot store (NUL bytes, lone surrogates) in any path parameter,
 * query or JSON body before route code runs: preHandlers read the body before the handler
 * validates it (the sign-in routes' rate limits count per submitted email), so a check left to
 * each handler comes too late for them. Register before the routes.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = [request.params, request.query, request.body].map(unstorableTextError).find((error) => error !== null);
    done(refused ?? undefined);
  });
}

/**
 * Parses a JSON body, query or params object (anything but an object counts as empty) or throws
 * RequestValidationError. Text the database cannot store is refused here too, for input that
 * reaches a route by another way than the request hook (multipart form fields).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const unstorable = unstorableTextError(input);
  if (unstorable) throw unstorable;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const list = (errors[field] ??= []);
    const message = messageFor(issue, input);
    if (!list.includes(message)) list.push(message);
  }
  throw new RequestValidationError(errors);
}
