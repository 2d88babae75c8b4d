// The parts every public auth page (sign in, register, licence, password reset) is built from, so
// they look and behave alike: the form with its failure alert, the full-width submit button, the
// "Already have an account? Sign in" prompts and the notice shown once a page is done.
import { Button, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert, SuccessAlert } from '../../ui/FormAlert';
import { AnchorLink } from '../../ui/links';

/** The public pages an auth page links to. */
type AuthPath = '/login' | '/register' | '/license' | '/forget-password';

export function AuthForm({
  onSubmit,
  failure,
  failureTitle,
  notice,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The failed submit's message (null: no alert). */
  failure: ReactNode;
  failureTitle: string;
  /** Shown above the failure alert (e.g. what a licence from the link unlocks). */
  notice?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {notice}
        {failure ? <ErrorAlert title={failureTitle}>{failure}</ErrorAlert> : null}
        {children}
      </Stack>
    </form>
  );
}

export function AuthSubmit({ submitting, children }: { submitting: boolean; children: ReactNode }) {
  return (
    <Button type="submit" loading={submitting} fullWidth size="md">
      {children}
    </Button>
  );
}

/** A centred line under the form: "Already have an account? Sign in". */
export function AuthPrompt({ question, to, children }: { question: string; to: AuthPath; children: ReactNode }) {
  return (
    <Text fz="sm" ta="center" c="dimmed">
      {question} <AnchorLink to={to}>{children}</AnchorLink>
    </Text>
  );
}

export function SignInPrompt() {
  return (
    <AuthPrompt question="Already have an account?" to="/login">
      Sign in
    </AuthPrompt>
  );
}

export function LicencePrompt() {
  return (
    <AuthPrompt question="Have a licence code?" to="/license">
      Activate a licence
    </AuthPrompt>
  );
}

/** What a page shows in place of its form (done, or cannot be used), with the way on. */
export function AuthNotice({ to, linkLabel, children }: { to: AuthPath; linkLabel: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      {children}
      <Text fz="sm" ta="center">
        <AnchorLink to={to}>{linkLabel}</AnchorLink>
      </Text>
    </Stack>
  );
}

export function LicenceCodeField(props: TextInputProps) {
  return <TextInput label="Licence code" autoComplete="off" spellCheck={false} required {...props} />;
}

/** The licence was checked: which plan it unlocks (`more` follows the sentence). */
export function LicenceAccepted({ planName, more }: { planName: string; more?: string }) {
  return (
    <SuccessAlert title="Licence accepted">
      This licence unlocks the <strong>{planName}</strong> plan.{more ? ` ${more}` : null}
    </SuccessAlert>
  );
}
