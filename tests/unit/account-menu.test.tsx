// The account menu: "About and licences" leads to /about, and on phones the install offer lives
// here (the header leaves its button out so the sync state's words fit at 360 px).
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/session')>()),
  useAuth: () => ({ user: { id: 1, name: 'Ada', email: 'ada@example.com', plan: 'creator' }, credits: 0, logout: () => Promise.resolve() }),
}));

const { UserMenu } = await import('../../src/app/shell/HeaderMenus');
const { listenForInstallPrompt, resetInstallPrompt } = await import('../../src/app/install-prompt');

afterEach(() => {
  cleanup();
  resetInstallPrompt();
});

function renderMenu() {
  const root = createRootRoute();
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: () => <UserMenu openAtOnce={false} focusAtOnce={false} /> }),
    createRoute({ getParentRoute: () => root, path: '/about', component: () => <h1>About Reelflow</h1> }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('account menu', () => {
  it('leads to the licences screen, and offers no install when the browser offers none', async () => {
    const router = renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    const about = await screen.findByRole('menuitem', { name: 'About and licences' });
    expect(screen.queryByText('Install app')).toBeNull();
    fireEvent.click(about);
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
  });

  it('offers the installation once the browser does, and prompts it', async () => {
    resetInstallPrompt();
    listenForInstallPrompt(window);
    const prompt = vi.fn(() => Promise.resolve());
    window.dispatchEvent(Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' as const }) }));
    renderMenu();
    fireEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await screen.findByRole('menuitem', { name: 'About and licences' });
    // Shown below the xs breakpoint only (Mantine's hiddenFrom): this wide test window hides it, so
    // it is found by its text.
    const install = screen.getByText('Install app').closest('[role="menuitem"]');
    expect(install).not.toBeNull();
    fireEvent.click(install!);
    await waitFor(() => expect(prompt).toHaveBeenCalledTimes(1));
  });
});
