// The signed-in part of the app, one lazily loaded chunk (src/app/router.tsx): the shell and the
// modals it opens (sign-out confirmation). Public pages use no modals, so the sign-in page never
// downloads Mantine's Modal (issue 7: initial JavaScript budgets).
import { ModalsProvider } from '@mantine/modals';
import { SignedInLayout } from './shell/AppLayout';

export function SignedInApp() {
  return (
    <ModalsProvider>
      <SignedInLayout />
    </ModalsProvider>
  );
}
