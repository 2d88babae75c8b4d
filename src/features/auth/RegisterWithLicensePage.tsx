import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { registerWithLicenseRequest, type RegisterWithLicenseRequest } from '../../../contract';
import { registerWithLicense, validateLicense } from '../../api';
import { useAuth } from '../../session';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert, SuccessAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { AnchorLink } from '../../ui/links';
import { NewAccountFields } from './NewAccountFields';

const route = getRouteApi('/public/register-with-license');
const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'license_key'] as const;

export function RegisterWithLicensePage() {
  const { license_key: keyFromLink = '' } = route.useSearch();
  const { login } = useAuth();
  const navigate = useNavigate();
  const [planName, setPlanName] = useState<string | null>(null);
  const form = useForm<RegisterWithLicenseRequest>({
    mode: 'controlled',
    initialValues: { name: '', email: '', password: '', password_confirmation: '', license_key: keyFromLink },
    validate: zodValidate(registerWithLicenseRequest),
  });

  // Show which plan the licence from the link unlocks. Best effort: registration validates again.
  useEffect(() => {
    if (!keyFromLink) return;
    let current = true;
    validateLicense({ license_key: keyFromLink }).then(
      (res) => {
        if (current) setPlanName(res.plan.name);
      },
      () => {
        if (current) setPlanName(null);
      },
    );
    return () => {
      current = false;
    };
  }, [keyFromLink]);

  const { submitting, failure, onSubmit } = useServerSubmit<RegisterWithLicenseRequest>({
    form,
    fields: FIELDS,
    fallback: 'Your account could not be created.',
    action: async (values) => {
      const res = await registerWithLicense(values);
      await login(res.user, res.token, res.credits);
      await navigate({ to: '/', replace: true });
    },
  });

  return (
    <AuthLayout title="Create your account with a licence" subtitle="Your licence code is applied to the new account.">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {planName && form.values.license_key.trim() === keyFromLink ? (
            <SuccessAlert title="Licence accepted">
              This licence unlocks the <strong>{planName}</strong> plan.
            </SuccessAlert>
          ) : null}
          {failure ? <ErrorAlert title="Could not create the account">{failure}</ErrorAlert> : null}
          <TextInput label="Licence code" autoComplete="off" spellCheck={false} required {...form.getInputProps('license_key')} />
          <NewAccountFields inputProps={(field) => form.getInputProps(field)} />
          <Button type="submit" loading={submitting} fullWidth size="md">
            Create account
          </Button>
          <Text fz="sm" ta="center" c="dimmed">
            Already have an account? <AnchorLink to="/login">Sign in</AnchorLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
