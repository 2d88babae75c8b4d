// Request validation with the shared contract schemas, answered the way Laravel does:
// 422 {message: first error, errors: {field: [messages]}}.
import type { z } from 'zod';

export class RequestValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors)[0]?.[0] ?? 'The given data was invalid.');
  }
}

const humanName = (field: string) => field.replace(/_/g, ' ');

function messageFor(issue: z.core.$ZodIssue, input: Record<string, unknown>): string {
  const field = String(issue.path[0] ?? 'body');
  if (issue.code === 'invalid_type') {
    const value = input[field];
    if (value === undefined || value === null) return `The ${humanName(field)} field is required.`;
    return `The ${humanName(field)} field must be a ${issue.expected === 'string' ? 'string' : issue.expected}.`;
  }
  return issue.message;
}

/** Parses a JSON body (anything but an object counts as empty) or throws RequestValidationError. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
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
