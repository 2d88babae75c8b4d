import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { validateLicenseRequest, type ValidateLicenseRequest, type ValidateLicenseResponse } from '../../../contract';
import { validateLicense } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { ErrorAlert, SuccessAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { AnchorLink, ButtonLink } from '../../ui/links';

const FIELDS = ['license_key'] as const;

export function LicensePage() {
  const [valid, setValid] = useState<{ key: string; plan: ValidateLicenseResponse['plan'] } | null>(null);
  const form = useForm<ValidateLicenseRequest>({
    mode: 'controlled',
    initialValues: { license_key: '' },
    validate: zodValidate(validateLicenseRequest),
    onValuesChange: () => setValid(null),
  });

  const { submitting, failure, onSubmit } = useServerSubmit<ValidateLicenseRequest>({
    form,
    fields: FIELDS,
    fallback: 'This licence code could not be checked.',
    action: async (values) => {
      setValid(null);
      const key = values.license_key.trim();
      const res = await validateLicense({ license_key: key });
      setValid({ key, plan: res.plan });
    },
  });

  return (
    <AuthLayout title="Activate a licence" subtitle="Enter the licence code you received to unlock its plan.">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {failure ? <ErrorAlert title="Licence not accepted">{failure}</ErrorAlert> : null}
          <TextInput label="Licence code" autoComplete="off" spellCheck={false} required {...form.getInputProps('license_key')} />
          {valid ? (
            <SuccessAlert title="Licence accepted">
              This licence unlocks the <strong>{valid.plan.name}</strong> plan. Create your account to use it.
            </SuccessAlert>
          ) : null}
          {valid ? (
            <ButtonLink to="/register-with-license" search={{ license_key: valid.key }} fullWidth size="md">
              Continue
            </ButtonLink>
          ) : (
            <Button type="submit" loading={submitting} fullWidth size="md">
              Check licence
            </Button>
          )}
          <Text fz="sm" ta="center" c="dimmed">
            Already have an account? <AnchorLink to="/login">Sign in</AnchorLink>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
