// Name, email, password and its confirmation: the fields of both ways to create an account
// (RegisterPage, RegisterWithLicensePage).
import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { NewPasswordFields } from '../../ui/NewPasswordFields';

type NewAccountField = 'name' | 'email' | 'password' | 'password_confirmation';

/** `inputProps` is the form's getInputProps for these four fields. */
export function NewAccountFields({ inputProps }: { inputProps: (field: NewAccountField) => GetInputPropsReturnType }) {
  return (
    <>
      <TextInput label="Name" autoComplete="name" required {...inputProps('name')} />
      <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...inputProps('email')} />
      <NewPasswordFields inputProps={inputProps} label="Password" confirmLabel="Confirm password" />
    </>
  );
}
