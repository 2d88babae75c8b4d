import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import type { LoginRequest } from '../../../contract';
import { useAuth } from '../../session';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { zodValidateLazily } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { AnchorLink } from '../../ui/links';

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
  const navigate = useNavigate();
  const form = useForm<LoginRequest>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: validateLogin,
  });

  const { submitting, failure, onSubmit } = useServerSubmit<LoginRequest>({
    form,
    fields: SERVER_FIELDS,
    fallback: 'An error occurred during login',
    action: async (values) => {
      await signIn(values);
      await navigate({ to: '/', replace: true });
    },
  });

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to keep creating.">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {failure ? <ErrorAlert title="Could not sign in">{failure}</ErrorAlert> : null}
          <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...form.getInputProps('email')} />
          <PasswordField label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="flex-end">
            <AnchorLink to="/forget-password" fz="sm">
              Forgot password?
            </AnchorLink>
          </Group>
          <Button type="submit" loading={submitting} fullWidth size="md">
            Sign in
          </Button>
          <Text fz="sm" ta="center" c="dimmed">
            New to Reelflow? <AnchorLink to="/register">Create an account</AnchorLink>
          </Text>
          <Text fz="sm" ta="center" c="dimmed">
            Have a licence code? <AnchorLink to="/license">Activate a licence</AnchorLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
