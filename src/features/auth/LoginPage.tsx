import { Group, TextInput } from '@mantine/core';
import type { LoginRequest } from '../../../contract';
import { useAuth } from '../../session';
import { AuthLayout } from '../../ui/AuthLayout';
import { PasswordField } from '../../ui/PasswordField';
import { zodValidateLazily } from '../../ui/forms';
import { useServerForm } from '../../ui/useServerForm';
import { AnchorLink } from '../../ui/links';
import { AuthForm, AuthPrompt, AuthSubmit, LicencePrompt } from './AuthForm';
import { useSignInThenHome } from './sign-in-then-home';

/**
 * No server error goes under a field: the server answers wrong credentials with a 422 on
 * `email` (Laravel's contract), but they concern the pair, so the form says so in its alert.
 * Client-side checks (empty or malformed email) still mark the field.
 */
const SERVER_FIELDS: readonly string[] = [];

// The schema (and zod) arrive in the background: the sign-in page paints without them.
const validateLogin = zodValidateLazily(() => import('../../../contract/auth').then(({ loginRequest }) => loginRequest));

export function LoginPage() {
  const { signIn } = useAuth();
  const signInThenHome = useSignInThenHome();
  const { form, submitting, failure, onSubmit } = useServerForm<LoginRequest>({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    fields: SERVER_FIELDS,
    fallback: 'An error occurred during login',
    action: async (values) => {
      await signInThenHome(() => signIn(values));
    },
  });

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to keep creating.">
      <AuthForm onSubmit={onSubmit} failure={failure} failureTitle="Could not sign in">
        <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...form.getInputProps('email')} />
        <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
        <Group justify="flex-end">
          <AnchorLink to="/forget-password" fz="sm">
            Forgot password?
          </AnchorLink>
        </Group>
        <AuthSubmit submitting={submitting}>Sign in</AuthSubmit>
        <AuthPrompt question="New to Reelflow?" to="/register">
          Create an account
        </AuthPrompt>
        <LicencePrompt />
      </AuthForm>
    </AuthLayout>
  );
}
