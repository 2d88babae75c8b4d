// The submit cycle every form that calls the server shares: a busy flag for its button, the
// server's 422 field errors put on the form's fields, anything else as one message for the
// form's alert (nothing the server said is lost). After any failed submit, keyboard and
// screen-reader users are taken to the problem: focus moves to the first invalid field, or to
// the alert when no field is marked.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { serverErrors } from './forms';

export interface ServerSubmitOptions<T> {
  /** The Mantine form (its validation runs first, then `action`). */
  form: {
    setErrors: (errors: Record<string, string>) => void;
    onSubmit: (
      handler: (values: T) => void,
      onValidationFailure?: (errors: Record<string, unknown>) => void,
    ) => (event?: FormEvent<HTMLFormElement>) => void;
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
  /** For `<form onSubmit>`: validates, then submits; on failure, focuses the problem. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
}

/** The first field marked invalid in the form, else its alert (ErrorAlert is focusable by script). */
export function focusFirstProblem(formElement: HTMLElement): boolean {
  const target =
    formElement.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formElement.querySelector<HTMLElement>('[role="alert"]');
  if (!target) return false;
  target.focus();
  return true;
}

export function useServerSubmit<T>({ form, fields, fallback, action, explain }: ServerSubmitOptions<T>): ServerSubmit<T> {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formElement = useRef<HTMLFormElement | null>(null);
  // Bumped after each failed submit; the effect runs once the errors have been rendered.
  const [failedSubmits, setFailedSubmits] = useState(0);

  useEffect(() => {
    if (failedSubmits > 0 && formElement.current) focusFirstProblem(formElement.current);
  }, [failedSubmits]);

  const submit = async (values: T): Promise<void> => {
    setSubmitting(true);
    setFailure(null);
    try {
      await action(values);
    } catch (error) {
      const explained = explain?.(error) ?? null;
      if (explained !== null) {
        setFailure(explained);
      } else {
        const outcome = serverErrors(error, fields, fallback);
        form.setErrors(outcome.fields);
        setFailure(outcome.general);
      }
      setFailedSubmits((count) => count + 1);
    } finally {
      setSubmitting(false);
    }
  };

  const validateThenSubmit = form.onSubmit(
    (values) => {
      void submit(values);
    },
    () => setFailedSubmits((count) => count + 1),
  );

  const onSubmit = (event?: FormEvent<HTMLFormElement>) => {
    if (event?.currentTarget) formElement.current = event.currentTarget;
    validateThenSubmit(event);
  };

  return { submitting, failure, submit, onSubmit };
}
