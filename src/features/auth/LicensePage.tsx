import { useState } from 'react';
import { validateLicenseRequest, type ValidateLicenseRequest, type ValidateLicenseResponse } from '../../../contract';
import { validateLicense } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { zodValidate } from '../../ui/forms';
import { useServerForm } from '../../ui/useServerForm';
import { ButtonLink } from '../../ui/links';
import { AuthForm, AuthSubmit, LicenceAccepted, LicenceCodeField, SignInPrompt } from './AuthForm';

const FIELDS = ['license_key'] as const;

export function LicensePage() {
  const [valid, setValid] = useState<{ key: string; plan: ValidateLicenseResponse['plan'] } | null>(null);
  const { form, submitting, failure, onSubmit } = useServerForm<ValidateLicenseRequest>({
    initialValues: { license_key: '' },
    validate: zodValidate(validateLicenseRequest),
    onValuesChange: () => setValid(null),
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
      <AuthForm onSubmit={onSubmit} failure={failure} failureTitle="Licence not accepted">
        <LicenceCodeField {...form.getInputProps('license_key')} />
        {valid ? <LicenceAccepted planName={valid.plan.name} more="Create your account to use it." /> : null}
        {valid ? (
          <ButtonLink to="/register-with-license" search={{ license_key: valid.key }} fullWidth size="md">
            Continue
          </ButtonLink>
        ) : (
          <AuthSubmit submitting={submitting}>Check licence</AuthSubmit>
        )}
        <SignInPrompt />
      </AuthForm>
    </AuthLayout>
  );
}
