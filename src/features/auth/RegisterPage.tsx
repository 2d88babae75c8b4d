import { registerRequest, type RegisterRequest } from '../../../contract';
import { registerUser } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { zodValidate } from '../../ui/forms';
import { AuthForm, AuthSubmit, LicencePrompt, SignInPrompt } from './AuthForm';
import { NewAccountFields } from './NewAccountFields';
import { useCreateAccountForm } from './useCreateAccountForm';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

export function RegisterPage() {
  const { form, submitting, failure, onSubmit } = useCreateAccountForm<RegisterRequest>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    validate: zodValidate(registerRequest),
    fields: FIELDS,
    create: registerUser,
  });

  return (
    <AuthLayout title="Create your account" subtitle="Start making scripts, faceless videos and captions.">
      <AuthForm onSubmit={onSubmit} failure={failure} failureTitle="Could not create the account">
        <NewAccountFields inputProps={(field) => form.getInputProps(field)} />
        <AuthSubmit submitting={submitting}>Create account</AuthSubmit>
        <SignInPrompt />
        <LicencePrompt />
      </AuthForm>
    </AuthLayout>
  );
}
