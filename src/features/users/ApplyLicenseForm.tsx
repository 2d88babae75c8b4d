// "Apply a licence code" for a signed-in user: POST /api/user/license. On success the
// plan changes at once: the user is re-fetched (refreshUser), which changes the permissions
// identity (plan + updated_at) so the PermissionsProvider fetches the new permissions — nav,
// home and the route guard follow without a reload. While the new permissions load, the route
// guard shows its loading text in place of the page (spec §4), so this form is unmounted and
// mounted again: the success is therefore announced as a notification, which outlives it.
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { applyLicenseRequest, type ApplyLicenseRequest } from '../../../contract';
import { applyLicense, isNetworkError } from '../../api';
import { useAuth, usePermissions } from '../../session';
import { ErrorAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';

const FIELDS = ['license_key'] as const;
export const LICENSE_OFFLINE = 'The server could not be reached, so the licence was not applied. Try again when you are online.';

export function ApplyLicenseForm() {
  const headingId = useId();
  const { refreshUser, setCredits } = useAuth();
  const { refresh: refreshPermissions } = usePermissions();
  const form = useForm<ApplyLicenseRequest>({
    mode: 'controlled',
    initialValues: { license_key: '' },
    validate: zodValidate(applyLicenseRequest),
  });

  const { submitting, failure, onSubmit } = useServerSubmit<ApplyLicenseRequest>({
    form,
    fields: FIELDS,
    fallback: 'The licence could not be applied.',
    explain: (error) => (isNetworkError(error) ? LICENSE_OFFLINE : null),
    action: async (values) => {
      const response = await applyLicense({ license_key: values.license_key.trim() });
      form.setValues({ license_key: '' });
      notifications.show({ color: 'teal', title: 'Licence applied', message: response.message });
      try {
        await refreshUser();
      } catch {
        // The plan did change on the server; show what the answer says and fetch the permissions.
        setCredits(response.credits);
        await refreshPermissions();
      }
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={headingId} id="licence">
      <Stack gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          Apply a licence code
        </Title>
        <Text fz="sm" c="dimmed">
          Its plan and credits apply at once. A code for your current or a lower plan is not used.
        </Text>
        {failure ? <ErrorAlert title="Licence not applied">{failure}</ErrorAlert> : null}
        <TextInput label="Licence code" placeholder="XXXXX-XXXXX-XXXXX-XXXXX" autoComplete="off" spellCheck={false} required withAsterisk={false} {...form.getInputProps('license_key')} />
        <Group>
          <Button type="submit" loading={submitting}>
            Apply licence
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
