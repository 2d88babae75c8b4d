// What a failed call rejects with (spec §8 "Other request errors: the server's response body is
// rethrown, or else the error message"): usually a Laravel body `{message}` / `{message, errors}`,
// or a plain string. These helpers turn any of those into something a screen can show.
import type { AxiosError } from 'axios';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The value a failed request rejects with: the response body when there is one, else the
 *  error's message. */
export function toRejection(error: AxiosError): unknown {
  const body: unknown = error.response?.data;
  if (body !== undefined && body !== null && body !== '') return body;
  return error.message;
}

/** A human-readable message for anything a call (or our own code) may throw. */
export function errorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (typeof error === 'string') return error.trim() ? error : fallback;
  if (error instanceof Error) return error.message || fallback;
  if (isRecord(error)) {
    if (typeof error.message === 'string' && error.message) return error.message;
    if (typeof error.error === 'string' && error.error) return error.error;
    const first = Object.values(fieldErrors(error))[0]?.[0];
    if (first) return first;
  }
  return fallback;
}

/** Laravel 422 field errors `{errors: {field: [messages]}}`, or {} when there are none. */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!isRecord(error) || !isRecord(error.errors)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(error.errors)) {
    const messages = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) result[field] = messages;
  }
  return result;
}
