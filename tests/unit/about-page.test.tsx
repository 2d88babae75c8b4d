// The licences screen (/about): every entry of contract/asset-licences.ts with what it is used for,
// its author, its licence and a link to its source, and nothing read from the network. Axe included.
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ASSET_LICENCES } from '../../contract/asset-licences';
import { AboutPage } from '../../src/features/about/AboutPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderAbout() {
  const root = createRootRoute();
  const router = createRouter({ routeTree: root.addChildren([createRoute({ getParentRoute: () => root, path: '/about', component: AboutPage })]), history: createMemoryHistory({ initialEntries: ['/about'] }) });
  return render(
    <MantineProvider env="test">
      <main>
        <RouterProvider router={router} />
      </main>
    </MantineProvider>,
  );
}

describe('about and licences', () => {
  it('lists every shipped asset with its use, author, licence and source, without a network call', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderAbout();
    expect(await screen.findByRole('heading', { level: 1, name: 'About Reelflow' })).toBeTruthy();
    const list = within(screen.getByRole('list', { name: 'Licences' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(ASSET_LICENCES.length);
    ASSET_LICENCES.forEach((asset, index) => {
      const item = within(items[index]!);
      expect(item.getByRole('heading', { level: 3, name: asset.name })).toBeTruthy();
      expect(item.getByText(asset.usedFor)).toBeTruthy();
      expect(item.getByText(`By ${asset.author}`)).toBeTruthy();
      expect(item.getByText(asset.licence)).toBeTruthy();
      if (asset.url === null) {
        // What Reelflow made itself has no other source to point to.
        expect(item.queryByRole('link')).toBeNull();
        return;
      }
      const link = item.getByRole('link');
      expect(link.textContent).toBe(`Source and licence: ${asset.name} (opens in a new tab)`);
      expect(link.getAttribute('href')).toBe(asset.url);
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    });
    expect(fetch).not.toHaveBeenCalled();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});
