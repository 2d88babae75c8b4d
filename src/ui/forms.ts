// Form helpers shared by the screens: client validation with the contract's zod schemas (the same
// ones the server validates with) and mapping of Laravel 422 bodies onto form fields.
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '../api';

/** A Mantine form `validate` function from a zod schema: first message per field. */
export function zodValidate<T>(schema: z.ZodType<T>) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join('.');
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}

export interface ServerErrorOutcome {
  /** Messages for fields the form shows. */
  fields: Record<string, string>;
  /** A message for the alert: the server's message when no shown field carries it, else null. */
  general: string | null;
}

/**
 * Splits a failed request into field errors (422 `errors`) for the given fields and a general
 * message for everything else, so that nothing the server said is lost.
 */
export function serverErrors(error: unknown, shownFields: readonly string[], fallback: string): ServerErrorOutcome {
  const perField = fieldErrors(error);
  const fields: Record<string, string> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(perField)) {
    const first = messages[0];
    if (!first) continue;
    if (shownFields.includes(field)) fields[field] = first;
    else other.push(first);
  }
  if (other.length > 0) return { fields, general: other.join(' ') };
  if (Object.keys(fields).length > 0) return { fields, general: null };
  return { fields, general: errorMessage(error, fallback) };
}
