import { Button, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { changePasswordRequest, type ChangePasswordRequest } from '../../../contract';
import { changePassword } from '../../api';
import { useAuth } from '../../session';
import { ErrorAlert, SuccessAlert } from '../../ui/FormAlert';
import { NewPasswordFields } from '../../ui/NewPasswordFields';
import { PasswordField } from '../../ui/PasswordField';
import { zodValidate } from '../../ui/forms';
import { useServerForm } from '../../ui/useServerForm';
import { PageFrame } from '../../ui/PageFrame';
import { USER_EDIT_FRAME } from './frame';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: ChangePasswordRequest = { current_password: '', password: '', password_confirmation: '' };

export function UserEditPage() {
  return (
    <PageFrame {...USER_EDIT_FRAME}>
      <ChangePasswordForm />
    </PageFrame>
  );
}

function ChangePasswordForm() {
  const { user } = useAuth();
  const [changed, setChanged] = useState(false);
  const { form, submitting, failure, onSubmit } = useServerForm<ChangePasswordRequest>({
    initialValues: EMPTY,
    validate: zodValidate(changePasswordRequest),
    onValuesChange: () => setChanged(false),
    fields: FIELDS,
    fallback: 'Your password could not be changed.',
    action: async (values, form) => {
      setChanged(false);
      await changePassword(values);
      form.setValues(EMPTY);
      form.resetDirty(EMPTY);
      setChanged(true);
    },
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} maw={520}>
      <form
        noValidate
        aria-labelledby="change-password-title"
        onSubmit={onSubmit}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="change-password-title">
            Change password
          </Title>
          {/* Lets password managers tie the new password to the account. */}
          <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
          {failure ? <ErrorAlert title="Password not changed">{failure}</ErrorAlert> : null}
          {changed ? <SuccessAlert title="Password changed">Use your new password the next time you sign in.</SuccessAlert> : null}
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            required
            {...form.getInputProps('current_password')}
          />
          <NewPasswordFields inputProps={(field) => form.getInputProps(field)} />
          <Button type="submit" loading={submitting} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
