// The calendar names every series paused by a problem at the top, with what fixes it: Reconnect
// for an account to reconnect, else Open the series. Nothing is said for a running series, a
// series paused by the creator, or one resumed on this device. Over the real local store, with axe.
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from '../../src/app/search';
import { cssVariablesResolver, theme } from '../../src/app/theme';
import { updateSeries } from '../../src/features/series/data/series-mutations';
import { clearLocalStore } from '../../src/store';
import { setEngineHooks, setOutboxOwner } from '../../src/sync';
import { serverSeries, SERIES_ID, storeSeries } from './helpers/series';

const { CalendarPage, EMPTY_CALENDAR_TEXT } = await import('../../src/features/publishing/calendar/CalendarPage');

function renderPage() {
  const rootRoute = createRootRoute({
    component: () => (
      <main>
        <CalendarPage initialDate="2026-11-10" now={() => new Date('2026-11-10T09:00:00.000Z')} />
      </main>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/calender'] }), parseSearch, stringifySearch });
  render(
    <MantineProvider env="test" theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(', ')}`);
}

const RECONNECT = { kind: 'reconnect' as const, message: 'Reconnect your TikTok account “Chef Ana” to continue.', account_id: 'acc-1' };
const PLAN = { kind: 'plan' as const, message: 'Your plan no longer includes series.', account_id: null };

beforeEach(() => {
  setOutboxOwner(() => 'u1');
  // The route entry's pull of the posts has nothing to fetch here.
  setEngineHooks({ pull: () => Promise.resolve() });
});
afterEach(async () => {
  notifications.clean();
  setOutboxOwner(null);
  setEngineHooks(null);
  await clearLocalStore();
});

describe('the calendar and series that need attention', () => {
  it('names each paused series with its reason and the link that fixes it', async () => {
    await storeSeries(serverSeries(SERIES_ID, { name: 'Old recipes', status: 'paused', attention: RECONNECT }));
    await storeSeries(serverSeries('s-plan', { name: 'Big plans', status: 'paused', attention: PLAN }));
    await storeSeries(serverSeries('s-running', { name: 'Space facts' }));
    renderPage();
    const alert = await screen.findByRole('alert', { name: /2 series need you/ });
    expect(within(alert).getByText('“Old recipes” is paused: Reconnect your TikTok account “Chef Ana” to continue.')).toBeTruthy();
    expect(within(alert).getByText('“Big plans” is paused: Your plan no longer includes series.')).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'Reconnect the account of Old recipes' }).getAttribute('href')).toBe('/connect?reconnect=acc-1');
    expect(within(alert).getByRole('link', { name: 'Open Big plans' }).getAttribute('href')).toBe('/video-series/detail/s-plan');
    expect(within(alert).queryByText(/Space facts/)).toBeNull();
    expect(await violations()).toEqual([]);
  }, 30_000);

  it('says nothing when no series waits for the creator, and stops once one is resumed here', async () => {
    await storeSeries(serverSeries('s-running', { name: 'Space facts' }));
    await storeSeries(serverSeries('s-paused', { name: 'On a break', status: 'paused' }));
    await storeSeries(serverSeries(SERIES_ID, { name: 'Old recipes', status: 'paused', attention: RECONNECT }));
    renderPage();
    expect(await screen.findByText(EMPTY_CALENDAR_TEXT)).toBeTruthy();
    const alert = await screen.findByRole('alert', { name: /A series needs you/ });
    expect(within(alert).queryByText(/On a break/)).toBeNull();
    // Resumed on this device: the server clears the reason when the change arrives.
    await updateSeries(SERIES_ID, { status: 'active' });
    await waitFor(() => expect(screen.queryByRole('alert', { name: /series need/ })).toBeNull());
    expect(screen.queryByText(/is paused:/)).toBeNull();
    expect(await violations()).toEqual([]);
  }, 30_000);
});
