// The provider tree: Mantine (theme, colour scheme from localStorage "theme"), notifications (the
// "toast container" of spec §8), then session (auth > permissions), then the router. The modals
// provider sits in the signed-in layout (src/app/SignedInApp.tsx): only signed-in screens use it.
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { AuthProvider, PermissionsProvider } from '../session';
import { router } from './router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';
import { AfterFirstScreen } from '../ui/AfterFirstScreen';
import { ChunkBoundary, retryWhenOnline } from '../ui/ChunkBoundary';

// The toast container is loaded after the first paint: notifications.show() only writes to a
// store, so toasts raised before it arrives are shown once it is mounted.
const Notifications = lazy(retryWhenOnline(() => import('./Toasts').then(({ Notifications }) => ({ default: Notifications }))));
// The service worker's registration and its update prompt, the same way.
const UpdatePrompt = lazy(retryWhenOnline(() => import('./UpdatePrompt').then(({ UpdatePrompt }) => ({ default: UpdatePrompt }))));

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      {/* Neither the toasts nor the service worker (registered by UpdatePrompt, which also loads
          workbox-window) are needed for the first screen: they start once it has shown its content. */}
      <AfterFirstScreen>
        <ChunkBoundary name="The toast container">
          <Suspense fallback={null}>
            <Notifications position="bottom-right" limit={4} />
          </Suspense>
        </ChunkBoundary>
        <ChunkBoundary name="The update prompt">
          <Suspense fallback={null}>
            <UpdatePrompt />
          </Suspense>
        </ChunkBoundary>
      </AfterFirstScreen>
      <AuthProvider>
        <PermissionsProvider>
          <RouterProvider router={router} />
        </PermissionsProvider>
      </AuthProvider>
    </MantineProvider>
  );
}
