import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPasswordRequest, type ResetPasswordRequest } from '../../../contract';
import { resetPassword } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert, SuccessAlert } from '../../ui/FormAlert';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { zodValidate } from '../../ui/forms';
import { useServerForm } from '../../ui/useServerForm';
import { AnchorLink } from '../../ui/links';
import { AuthForm, AuthNotice, AuthSubmit } from './AuthForm';

const route = getRouteApi('/public/reset-password');
const FIELDS = ['password', 'password_confirmation'] as const;

export function ResetPasswordPage() {
  const { token = '', email = '' } = route.useSearch();
  const [done, setDone] = useState(false);
  const { form, submitting, failure, onSubmit } = useServerForm<Pick<ResetPasswordRequest, 'password' | 'password_confirmation'>>({
    initialValues: { password: '', password_confirmation: '' },
    validate: (values) => {
      // Validate the whole request (token and email come from the link) but show field errors
      // only on the two fields the user can fix.
      const errors = zodValidate(resetPasswordRequest)({ ...values, token, email });
      return { password: errors.password, password_confirmation: errors.password_confirmation };
    },
    fields: FIELDS,
    fallback: 'Your password could not be reset.',
    action: async (values) => {
      await resetPassword({ token, email, ...values });
      setDone(true);
    },
  });

  const linkBroken = !token || !email;

  if (done) {
    return (
      <AuthLayout title="Password changed">
        <AuthNotice to="/login" linkLabel="Go to sign in">
          <SuccessAlert title="Your password has been reset">You can now sign in with your new password.</SuccessAlert>
        </AuthNotice>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle={email ? `For ${email}` : undefined}>
      {linkBroken ? (
        <AuthNotice to="/forget-password" linkLabel="Request a new link">
          <ErrorAlert title="This reset link is incomplete">
            Open the link from the email again, or request a new one.
          </ErrorAlert>
        </AuthNotice>
      ) : (
        <AuthForm
          onSubmit={onSubmit}
          failure={
            failure ? (
              <>
                {failure} <AnchorLink to="/forget-password">Request a new link</AnchorLink>
              </>
            ) : null
          }
          failureTitle="Could not reset the password"
        >
          <NewPasswordFields inputProps={(field) => form.getInputProps(field)} />
          <AuthSubmit submitting={submitting}>Reset password</AuthSubmit>
        </AuthForm>
      )}
    </AuthLayout>
  );
}
