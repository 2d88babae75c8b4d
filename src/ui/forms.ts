// Form helpers shared by the screens: client validation with the contract's zod schemas (the same
// ones the server validates with) and mapping of Laravel 422 bodies onto form fields.
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '../api/errors';
import { idle } from './idle';

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

/**
 * zodValidate for a schema loaded in the background (zod is ~24 KB gzip: the JavaScript budgets keep it
 * out of the sign-in page's first download). Loading starts once the page that calls this has painted
 * (whenIdle); until the schema has arrived the form is not checked on this side, and the server, which
 * validates with the same schema, answers 422 with the same messages on the same fields.
 */
export function zodValidateLazily<T>(load: () => Promise<z.ZodType<T>>) {
  let validate: ((values: unknown) => Record<string, string>) | null = null;
  // Once the page has painted: the schema is not needed for the first screen.
  void idle().then(load).then(
    (schema) => {
      validate = zodValidate(schema);
    },
    (error: unknown) => {
      console.warn('Form checks could not be loaded; the server checks the form:', error);
    },
  );
  return (values: unknown): Record<string, string> => (validate ? validate(values) : {});
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
