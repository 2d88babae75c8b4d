import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { forgotPasswordRequest, type ForgotPasswordRequest } from '../../../contract';
import { forgotPassword } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert, SuccessAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { AnchorLink } from '../../ui/links';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  // Development without SMTP: the server says how the mail can be read (never sent otherwise).
  const [outboxHint, setOutboxHint] = useState<string | null>(null);
  const form = useForm<ForgotPasswordRequest>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(forgotPasswordRequest),
  });

  const { submitting, failure, onSubmit } = useServerSubmit<ForgotPasswordRequest>({
    form,
    fields: FIELDS,
    fallback: 'The reset link could not be requested.',
    action: async (values) => {
      const answer = await forgotPassword(values);
      setOutboxHint(answer.mail_outbox_hint ?? null);
      setSent(true);
    },
  });

  return (
    <AuthLayout title="Reset your password" subtitle="We will email you a link to choose a new password.">
      {sent ? (
        <Stack gap="sm">
          {/* Deliberately the same whether or not an account exists for this address. */}
          <SuccessAlert title="Check your inbox">
            If an account exists for {form.values.email}, we have sent it a link to reset the password. The link expires
            after a while; request a new one if it does.
          </SuccessAlert>
          {outboxHint ? (
            <Text fz="sm" data-testid="mail-outbox-hint">
              {outboxHint}
            </Text>
          ) : null}
          <Text fz="sm" ta="center">
            <AnchorLink to="/login">Back to sign in</AnchorLink>
          </Text>
        </Stack>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="sm">
            {failure ? <ErrorAlert title="Could not send the link">{failure}</ErrorAlert> : null}
            <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...form.getInputProps('email')} />
            <Button type="submit" loading={submitting} fullWidth size="md">
              Send reset link
            </Button>
            <Text fz="sm" ta="center" c="dimmed">
              Remembered it? <AnchorLink to="/login">Sign in</AnchorLink>
            </Text>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
