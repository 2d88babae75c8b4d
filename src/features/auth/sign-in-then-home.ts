// After a sign-in or a new account, the app opens at home, unless it already left the form: the
// public pages' layout moves a signed-in creator home as soon as the session is set, before the
// session has been written to this device, and the creator may have gone on from home meanwhile
// (sent back home a moment later, they would lose the screen they had opened).
import { useRouter } from '@tanstack/react-router';

export function useSignInThenHome(): (signIn: () => Promise<void>) => Promise<void> {
  const router = useRouter();
  return async (signIn) => {
    const form = router.state.location.href;
    await signIn();
    if (router.state.location.href === form) await router.navigate({ to: '/', replace: true });
  };
}
