// The real route tree and shell in a memory history, for tests that mock the session with
// ./mocked-session. No ModalsProvider here: the signed-in layout brings its own.
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createAppRouter } from '../../../src/app/router';

export function renderAppAt(path: string, theme?: MantineThemeOverride) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}
