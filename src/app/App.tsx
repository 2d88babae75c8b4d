// The provider tree: Mantine (theme, colour scheme from localStorage "theme"), notifications (the
// "toast container" of spec §8), modals, then session (auth > permissions), then the router.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import { AuthProvider, PermissionsProvider } from '../session';
import { router } from './router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';
import { UpdatePrompt } from './UpdatePrompt';

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <Notifications position="bottom-right" limit={4} />
      <UpdatePrompt />
      <ModalsProvider>
        <AuthProvider>
          <PermissionsProvider>
            <RouterProvider router={router} />
          </PermissionsProvider>
        </AuthProvider>
      </ModalsProvider>
    </MantineProvider>
  );
}
