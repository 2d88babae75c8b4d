// The publish screen rendered as the app shows it (router, Mantine, notifications), for the tests
// of the composer (publish-page, publish-preflight-ui).
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { theme } from '../../../src/app/theme';

// Mantine's autosize textarea listens to document.fonts, which every browser has but happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const { PublishPage } = await import('../../../src/features/publishing/PublishPage');

export function renderPublishPage() {
  const rootRoute = createRootRoute({
    component: () => (
      <main>
        <PublishPage />
      </main>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/publish'] }) });
  return render(
    <MantineProvider env="test" theme={theme}>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}
