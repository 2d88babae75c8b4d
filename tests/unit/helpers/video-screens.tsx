// Rendering the video screens for unit tests: a memory router (so links, navigation and the leave
// prompt are real) with the app's string-keeping search parser, Mantine, and the plan catalogue
// the flow prices with.
import { ModalsHost } from '../../../src/app/ModalsHost';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type RouteComponent } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { PlanSummary } from '../../../contract';
import { parseSearch, stringifySearch } from '../../../src/app/search';

export const FREE_STYLES = ['realistic', 'cinematic', 'anime'];

export const PLANS: PlanSummary[] = [
  { key: 'free', name: 'Free', rank: 0, full_access: false, abilities: [], limits: {}, allowed_art_styles: FREE_STYLES, video: { credits_per_second: 0.5, max_seconds: 60 } },
  {
    key: 'creator',
    name: 'Creator',
    rank: 1,
    full_access: false,
    abilities: ['can_create_video'],
    limits: {},
    allowed_art_styles: [...FREE_STYLES, 'comic', 'watercolor', 'vintage', 'minimalist'],
    video: { credits_per_second: 0.5, max_seconds: 180 },
  },
  { key: 'pro', name: 'Pro', rank: 2, full_access: true, abilities: [], limits: {}, allowed_art_styles: null, video: { credits_per_second: 0.25, max_seconds: 600 } },
];

/** Renders `Page` at `url` ("/") inside a router that also knows /create-ai-video (`CreatePage`),
 *  /my-videos, /my-scripts and the profile. */
export function renderScreen(Page: RouteComponent, url = '/', CreatePage: RouteComponent = Page) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: Page }),
    createRoute({ getParentRoute: () => root, path: '/create-ai-video', component: CreatePage }),
    createRoute({ getParentRoute: () => root, path: '/my-videos', component: () => <p>My videos page</p> }),
    createRoute({ getParentRoute: () => root, path: '/my-scripts', component: () => <p>Other page</p> }),
    createRoute({ getParentRoute: () => root, path: '/users/user-profile', component: () => <p>Profile page</p> }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [url] }),
    parseSearch,
    stringifySearch,
  });
  const view = render(
    <MantineProvider env="test">
      <>
        <Notifications />
        <RouterProvider router={router} />
        <ModalsHost />
      </>
    </MantineProvider>,
  );
  return { router, ...view };
}
