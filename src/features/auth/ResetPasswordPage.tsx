import { Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPasswordRequest, type ResetPasswordRequest } from '../../../contract';
import { resetPassword } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert, SuccessAlert } from '../../ui/FormAlert';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { AnchorLink } from '../../ui/links';

const route = getRouteApi('/public/reset-password');
const FIELDS = ['password', 'password_confirmation'] as const;

export function ResetPasswordPage() {
  const { token = '', email = '' } = route.useSearch();
  const [done, setDone] = useState(false);
  const form = useForm<Pick<ResetPasswordRequest, 'password' | 'password_confirmation'>>({
    mode: 'controlled',
    initialValues: { password: '', password_confirmation: '' },
    validate: (values) => {
      // Validate the whole request (token and email come from the link) but show field errors
      // only on the two fields the user can fix.
      const errors = zodValidate(resetPasswordRequest)({ ...values, token, email });
      return { password: errors.password, password_confirmation: errors.password_confirmation };
    },
  });

  const linkBroken = !token || !email;

  const { submitting, failure, onSubmit } = useServerSubmit<Pick<ResetPasswordRequest, 'password' | 'password_confirmation'>>({
    form,
    fields: FIELDS,
    fallback: 'Your password could not be reset.',
    action: async (values) => {
      await resetPassword({ token, email, ...values });
      setDone(true);
    },
  });

  if (done) {
    return (
      <AuthLayout title="Password changed">
        <Stack gap="sm">
          <SuccessAlert title="Your password has been reset">You can now sign in with your new password.</SuccessAlert>
          <Text fz="sm" ta="center">
            <AnchorLink to="/login">Go to sign in</AnchorLink>
          </Text>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle={email ? `For ${email}` : undefined}>
      {linkBroken ? (
        <Stack gap="sm">
          <ErrorAlert title="This reset link is incomplete">
            Open the link from the email again, or request a new one.
          </ErrorAlert>
          <Text fz="sm" ta="center">
            <AnchorLink to="/forget-password">Request a new link</AnchorLink>
          </Text>
        </Stack>
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="sm">
            {failure ? (
              <ErrorAlert title="Could not reset the password">
                {failure} <AnchorLink to="/forget-password">Request a new link</AnchorLink>
              </ErrorAlert>
            ) : null}
            <NewPasswordFields inputProps={(field) => form.getInputProps(field)} />
            <Button type="submit" loading={submitting} fullWidth size="md">
              Reset password
            </Button>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
