import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { registerWithLicenseRequest, type RegisterWithLicenseRequest } from '../../../contract';
import { registerWithLicense, validateLicense } from '../../api';
import { AuthLayout } from '../../ui/AuthLayout';
import { zodValidate } from '../../ui/forms';
import { AuthForm, AuthSubmit, LicenceAccepted, LicenceCodeField, SignInPrompt } from './AuthForm';
import { NewAccountFields } from './NewAccountFields';
import { useCreateAccountForm } from './useCreateAccountForm';

const route = getRouteApi('/public/register-with-license');
const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'license_key'] as const;

export function RegisterWithLicensePage() {
  const { license_key: keyFromLink = '' } = route.useSearch();
  const [planName, setPlanName] = useState<string | null>(null);

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

  const { form, submitting, failure, onSubmit } = useCreateAccountForm<RegisterWithLicenseRequest>({
    initialValues: { name: '', email: '', password: '', password_confirmation: '', license_key: keyFromLink },
    validate: zodValidate(registerWithLicenseRequest),
    fields: FIELDS,
    create: registerWithLicense,
  });

  return (
    <AuthLayout title="Create your account with a licence" subtitle="Your licence code is applied to the new account.">
      <AuthForm
        onSubmit={onSubmit}
        failure={failure}
        failureTitle="Could not create the account"
        notice={planName && form.values.license_key.trim() === keyFromLink ? <LicenceAccepted planName={planName} /> : null}
      >
        <LicenceCodeField {...form.getInputProps('license_key')} />
        <NewAccountFields inputProps={(field) => form.getInputProps(field)} />
        <AuthSubmit submitting={submitting}>Create account</AuthSubmit>
        <SignInPrompt />
      </AuthForm>
    </AuthLayout>
  );
}
