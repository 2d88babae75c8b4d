// The signed-in part of the app, one lazily loaded chunk (src/app/router.tsx): the shell, and the
// modals manager for its confirmations (sign-out with unsent changes), loaded after the first
// screen (ModalsHost.tsx); the browser's confirm dialog stands in if it cannot be loaded. Public
// pages use no modals, so the sign-in page never downloads Mantine's Modal (initial
// JavaScript budgets).
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useAfterFirstScreen } from '../ui/AfterFirstScreen';
import { ChunkBoundary } from '../ui/ChunkBoundary';
import { BrowserConfirmHost, modalsHostRequested, subscribeModalsHostRequest } from '../ui/confirm';
import { PageFramesContext } from './lazy';
import { PAGE_FRAMES } from './page-frames';
import { SignedInLayout } from './shell/AppLayout';

const ModalsHost = lazy(() => import('./ModalsHost').then(({ ModalsHost: Host }) => ({ default: Host })));

export function SignedInApp() {
  const released = useAfterFirstScreen();
  const requested = useSyncExternalStore(subscribeModalsHostRequest, modalsHostRequested);
  return (
    <>
      {/* The framed screens' headings, shown while their chunks arrive (src/app/lazy.ts). */}
      <PageFramesContext.Provider value={PAGE_FRAMES}>
        <SignedInLayout />
      </PageFramesContext.Provider>
      {released || requested ? (
        <ChunkBoundary name="The modals manager" fallback={<BrowserConfirmHost />}>
          <Suspense fallback={null}>
            <ModalsHost />
          </Suspense>
        </ChunkBoundary>
      ) : null}
    </>
  );
}
