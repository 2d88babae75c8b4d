// A new password and its confirmation (registration, password reset, password change): the same
// rule hint and autocomplete everywhere, so password managers offer to generate one.
import type { GetInputPropsReturnType } from '@mantine/form';
import { PasswordField } from './PasswordField';

export interface NewPasswordFieldsProps {
  /** The form's getInputProps for `password` and `password_confirmation`. */
  inputProps: (field: 'password' | 'password_confirmation') => GetInputPropsReturnType;
  label?: string;
  confirmLabel?: string;
}

export function NewPasswordFields({ inputProps, label = 'New password', confirmLabel = 'Confirm new password' }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label={label} description="At least 8 characters." autoComplete="new-password" required {...inputProps('password')} />
      <PasswordField label={confirmLabel} autoComplete="new-password" required {...inputProps('password_confirmation')} />
    </>
  );
}
