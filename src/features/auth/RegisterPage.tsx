import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { registerRequest, type RegisterRequest } from '../../../contract';
import { registerUser } from '../../api';
import { useAuth } from '../../session';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert } from '../../ui/FormAlert';
import { PasswordField } from '../../ui/PasswordField';
import { serverErrors, zodValidate } from '../../ui/forms';
import { AnchorLink } from '../../ui/links';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

export function RegisterPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterRequest>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    validate: zodValidate(registerRequest),
  });

  const submit = async (values: RegisterRequest) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const res = await registerUser(values);
      await login(res.user, res.token, res.credits);
      await navigate({ to: '/', replace: true });
    } catch (error) {
      const { fields, general } = serverErrors(error, FIELDS, 'Your account could not be created.');
      form.setErrors(fields);
      setFailure(general);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title="Create your account" subtitle="Start making scripts, faceless videos and captions.">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          void submit(values);
        })}
      >
        <Stack gap="sm">
          {failure ? <ErrorAlert title="Could not create the account">{failure}</ErrorAlert> : null}
          <TextInput label="Name" autoComplete="name" required {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...form.getInputProps('email')} />
          <PasswordField
            label="Password"
            description="At least 8 characters."
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
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
