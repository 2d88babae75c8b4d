// Rendering the connect screen for unit tests: a memory router at /connect (so the search the
// consent flow returns with is real and can be cleaned), Mantine with modals and notifications,
// and a permissions accessor the test sets (mock src/session's usePermissions with
// `testPermissions`).
import { ModalsHost } from '../../../src/app/ModalsHost';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type RouteComponent } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { parseSearch, stringifySearch } from '../../../src/app/search';
// Not the session index: the tests mock it with testPermissions, which must not import it back.
import * as permissionRules from '../../../src/session/permission-rules';
import type { PermissionsView } from '../../../src/session/permission-rules';
import type { PermissionsContextValue } from '../../../src/session/types';

export const CREATOR_PERMISSIONS = { can_publish_post: true, social_accounts_limit: 10, has_unlimited_social_accounts: false, social_accounts_display: '10' };

export const permissionsView: { current: PermissionsView } = { current: { permissions: CREATOR_PERMISSIONS, loading: false, error: null } };

/** The accessor usePermissions gives, over `permissionsView.current` (the real rules). */
export function testPermissions(): PermissionsContextValue {
  const view = permissionsView.current;
  return {
    permissions: view.permissions,
    loading: view.loading,
    error: view.error,
    hasPermission: (name) => permissionRules.hasPermission(view, name),
    isUnlimited: (limit) => permissionRules.isUnlimited(view, limit),
    getLimit: (limit) => permissionRules.getLimit(view, limit),
    getDisplayText: (limit) => permissionRules.getDisplayText(view, limit),
    getPermissionValue: (name) => permissionRules.getPermissionValue(view, name),
    isArtStyleAllowed: (style) => permissionRules.isArtStyleAllowed(view, style),
    refresh: () => Promise.resolve(),
  };
}

/** The connect screen at /connect next to `others` (by default a stand-in home page at /). */
export function renderConnectScreen(Page: RouteComponent, url = '/connect', others: Record<string, RouteComponent> = { '/': () => <p>Home page</p> }) {
  const root = createRootRoute({
    component: () => (
      <main>
        <Outlet />
      </main>
    ),
  });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/connect', component: Page }),
    ...Object.entries(others).map(([path, component]) => createRoute({ getParentRoute: () => root, path, component })),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }), parseSearch, stringifySearch });
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
