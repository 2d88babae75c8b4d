// The submit cycle every form that calls the server shares: a busy flag for its button, the
// server's 422 field errors put on the form's fields, anything else as one message for the
// form's alert (nothing the server said is lost).
import { useState, type FormEvent } from 'react';
import { serverErrors } from './forms';

export interface ServerSubmitOptions<T> {
  /** The Mantine form (its validation runs first, then `action`). */
  form: {
    setErrors: (errors: Record<string, string>) => void;
    onSubmit: (handler: (values: T) => void) => (event?: FormEvent<HTMLFormElement>) => void;
  };
  /** Fields the form shows: their 422 messages go on the fields, the rest into the alert. */
  fields: readonly string[];
  /** The alert's message when the server gave none. */
  fallback: string;
  action: (values: T) => Promise<void>;
  /** An own message for some errors (e.g. no network); null leaves the error to the default. */
  explain?: (error: unknown) => string | null;
}

export interface ServerSubmit<T> {
  submitting: boolean;
  /** The alert's message, or null. */
  failure: string | null;
  submit: (values: T) => Promise<void>;
  /** For `<form onSubmit>`: validates, then submits. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}

export function useServerSubmit<T>({ form, fields, fallback, action, explain }: ServerSubmitOptions<T>): ServerSubmit<T> {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (values: T): Promise<void> => {
    setSubmitting(true);
    setFailure(null);
    try {
      await action(values);
    } catch (error) {
      const explained = explain?.(error) ?? null;
      if (explained !== null) {
        setFailure(explained);
        return;
      }
      const outcome = serverErrors(error, fields, fallback);
      form.setErrors(outcome.fields);
      setFailure(outcome.general);
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = form.onSubmit((values) => {
    void submit(values);
  });

  return { submitting, failure, submit, onSubmit };
}
