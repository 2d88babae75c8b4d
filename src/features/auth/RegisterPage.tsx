import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { registerRequest, type RegisterRequest } from '../../../contract';
import { registerUser } from '../../api';
import { useAuth } from '../../session';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { AnchorLink } from '../../ui/links';
import { NewAccountFields } from './NewAccountFields';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

export function RegisterPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const form = useForm<RegisterRequest>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    validate: zodValidate(registerRequest),
  });

  const { submitting, failure, onSubmit } = useServerSubmit<RegisterRequest>({
    form,
    fields: FIELDS,
    fallback: 'Your account could not be created.',
    action: async (values) => {
      const res = await registerUser(values);
      await login(res.user, res.token, res.credits);
      await navigate({ to: '/', replace: true });
    },
  });

  return (
    <AuthLayout title="Create your account" subtitle="Start making scripts, faceless videos and captions.">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {failure ? <ErrorAlert title="Could not create the account">{failure}</ErrorAlert> : null}
          <NewAccountFields inputProps={(field) => form.getInputProps(field)} />
          <Button type="submit" loading={submitting} fullWidth size="md">
            Create account
          </Button>
          <Text fz="sm" ta="center" c="dimmed">
            Already have an account? <AnchorLink to="/login">Sign in</AnchorLink>
          </Text>
          <Text fz="sm" ta="center" c="dimmed">
            Have a licence code? <AnchorLink to="/license">Activate a licence</AnchorLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
