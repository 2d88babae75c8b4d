// A Mantine form whose submit goes to the server: the controlled form with its client checks and
// the server submit cycle (useServerSubmit) that every such form pairs with it, set up in one call.
import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { useServerSubmit, type ServerSubmit, type ServerSubmitOptions } from './useServerSubmit';

export interface ServerFormOptions<T extends Record<string, unknown>> extends Omit<ServerSubmitOptions<T>, 'form' | 'action'> {
  initialValues: T;
  /** Client checks before anything is sent (usually zodValidate with the contract's schema). */
  validate: FormValidateInput<T>;
  onValuesChange?: (values: T) => void;
  /** The server call; `form` is there for what it does after a success (e.g. clear a field). */
  action: (values: T, form: UseFormReturnType<T>) => Promise<void>;
}

export type ServerForm<T extends Record<string, unknown>> = Omit<ServerSubmit<T>, 'submit'> & { form: UseFormReturnType<T> };

export function useServerForm<T extends Record<string, unknown>>({
  initialValues,
  validate,
  onValuesChange,
  action,
  ...submitOptions
}: ServerFormOptions<T>): ServerForm<T> {
  const form = useForm<T>({ mode: 'controlled', initialValues, validate, onValuesChange });
  const { submitting, failure, onSubmit } = useServerSubmit<T>({ ...submitOptions, form, action: (values) => action(values, form) });
  return { form, submitting, failure, onSubmit };
}
