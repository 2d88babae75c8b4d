import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { forgotPasswordRequest, type ForgotPasswordRequest } from '../../../contract';
import { forgotPassword } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { SuccessAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerForm } from '../../ui/useServerForm';
import { AuthForm, AuthNotice, AuthPrompt, AuthSubmit } from './AuthForm';

const FIELDS = ['email'] as const;

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  // Development without SMTP: the server says how the mail can be read (never sent otherwise).
  const [outboxHint, setOutboxHint] = useState<string | null>(null);
  const { form, submitting, failure, onSubmit } = useServerForm<ForgotPasswordRequest>({
    initialValues: { email: '' },
    validate: zodValidate(forgotPasswordRequest),
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
        <AuthNotice to="/login" linkLabel="Back to sign in">
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
        </AuthNotice>
      ) : (
        <AuthForm onSubmit={onSubmit} failure={failure} failureTitle="Could not send the link">
          <TextInput label="Email" type="email" autoComplete="email" inputMode="email" required {...form.getInputProps('email')} />
          <AuthSubmit submitting={submitting}>Send reset link</AuthSubmit>
          <AuthPrompt question="Remembered it?" to="/login">
            Sign in
          </AuthPrompt>
        </AuthForm>
      )}
    </AuthLayout>
  );
}
