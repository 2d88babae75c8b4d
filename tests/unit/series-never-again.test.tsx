// "Never again" topics over the real local store and outbox: the rules of the list, the timeline's
// action (the PUT queued, the button gone, Undo takes the topic off again) and the settings section
// (listed topics, remove, add with its checks, nothing to change before the series is read), with
// axe on both screens (contrast is the browser tests'; happy-dom computes no styles).
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, type RouteComponent } from '@tanstack/react-router';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseSearch, stringifySearch } from '../../src/app/search';
import { cssVariablesResolver, theme } from '../../src/app/theme';
import { isNeverAgain, neverAgainError, withNeverAgain, withoutNeverAgain } from '../../src/features/series/data/never-again';
import { addNeverAgain } from '../../src/features/series/data/series-mutations';
import { clearLocalStore, db } from '../../src/store';
import { setOutboxOwner } from '../../src/sync';
import { serverEpisode, serverSeries, SERIES_ID, storeSeries } from './helpers/series';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 40_000 });

// The settings screen reads the creator's plan and permissions; the series calls are the real ones.
vi.mock('../../src/session', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/session')>();
  return {
    ...original,
    useAuth: () => ({ user: { plan: 'creator' }, credits: 500 }),
    usePermissions: () => ({ hasPermission: () => true, isArtStyleAllowed: () => true, loading: false }),
  };
});

// Mantine's autosize textarea listens to document.fonts, which every browser has but happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const { SeriesDetailPage } = await import('../../src/features/series/SeriesDetailPage');
const { SeriesSettingPage } = await import('../../src/features/series/SeriesSettingPage');

function renderAt(url: string) {
  const root = createRootRoute({ component: () => <main><Outlet /></main> });
  const other = (text: string): RouteComponent => () => <p>{text}</p>;
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/video-series/detail/$id', component: SeriesDetailPage }),
    createRoute({ getParentRoute: () => root, path: '/video-series/setting/$id', component: SeriesSettingPage }),
    createRoute({ getParentRoute: () => root, path: '/video-series/edit-meta', component: other('Edit page') }),
    createRoute({ getParentRoute: () => root, path: '/video-series', component: other('Series list') }),
    createRoute({ getParentRoute: () => root, path: '/create-ai-series/$seriesId', component: other('Continue page') }),
    createRoute({ getParentRoute: () => root, path: '/connect', component: other('Connect page') }),
    createRoute({ getParentRoute: () => root, path: '/my-videos', component: other('My videos page') }),
  ];
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [url] }), parseSearch, stringifySearch });
  render(
    // The app's theme: it names the toasts' close buttons.
    <MantineProvider env="test" theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

async function violations(): Promise<string[]> {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

// In send order (createdAt is strictly increasing).
const outboxBodies = async () => (await db.outbox.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((item) => ({ method: item.method, url: item.url, body: item.body }));
const storedList = async () => (await db.series.get(SERIES_ID))?.never_again;

beforeEach(() => setOutboxOwner(() => 'u1'));
afterEach(async () => {
  notifications.clean();
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('the never-again rules', () => {
  it('trims, bounds the length and lists a topic once whatever its case', () => {
    expect(neverAgainError([], '  ab  ')).toBe('A topic must be at least 3 characters.');
    expect(neverAgainError([], 'x'.repeat(201))).toBe('A topic must not be greater than 200 characters.');
    expect(neverAgainError([], ` ${'x'.repeat(200)} `)).toBeNull();
    expect(neverAgainError(['Saturn could float'], '  saturn COULD float ')).toBe('This topic is already on the list.');
    expect(withNeverAgain(['Mars'], '  Black holes  ')).toEqual(['Mars', 'Black holes']);
    expect(withNeverAgain(['Black holes'], 'black HOLES')).toEqual(['Black holes']);
    expect(withoutNeverAgain(['Mars', 'Black holes'], 'BLACK holes')).toEqual(['Mars']);
    expect(isNeverAgain(['Mars'], ' mars ')).toBe(true);
  });

  it('refuses a topic too short before queueing anything, and a listed one queues nothing', async () => {
    await storeSeries(serverSeries(SERIES_ID, { never_again: ['Mars'] }));
    await expect(addNeverAgain(SERIES_ID, ' ab ')).rejects.toThrow('A topic must be at least 3 characters.');
    await addNeverAgain(SERIES_ID, 'MARS');
    expect(await db.outbox.count()).toBe(0);
    expect(await storedList()).toEqual(['Mars']);
  });
});

describe('never again from the timeline', () => {
  const episodes = () => [
    serverEpisode('e-topic', SERIES_ID, { topic: 'Saturn could float', title: 'Saturn would float in a bathtub', slot_at: '2026-11-28T17:00:00.000Z' }),
    serverEpisode('e-title', SERIES_ID, { topic: null, title: 'Venus spins backwards', slot_at: '2026-11-27T17:00:00.000Z' }),
    serverEpisode('e-listed', SERIES_ID, { topic: 'Mars has blue sunsets', title: 'Blue sunsets on Mars', slot_at: '2026-11-26T17:00:00.000Z' }),
  ];

  it('adds the episode’s topic through the outbox, and Undo takes it off again', async () => {
    await storeSeries(serverSeries(SERIES_ID, { never_again: ['mars has blue sunsets'] }), episodes());
    renderAt(`/video-series/detail/${SERIES_ID}`);
    const card = await screen.findByRole('listitem', { name: 'Saturn would float in a bathtub' });
    // A topic already listed (whatever its case) offers nothing; a title stands in for a missing topic.
    expect(within(screen.getByRole('listitem', { name: 'Blue sunsets on Mars' })).queryByRole('button', { name: /^Never make/ })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Venus spins backwards' })).getByRole('button', { name: 'Never make “Venus spins backwards” again' })).toBeTruthy();
    expect(await violations()).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Never make “Saturn could float” again' }));
    expect(await screen.findByText('“Saturn could float” is not made again in this series.')).toBeTruthy();
    await waitFor(() => expect(within(card).queryByRole('button', { name: 'Never make “Saturn could float” again' })).toBeNull());
    expect(await storedList()).toEqual(['mars has blue sunsets', 'Saturn could float']);
    expect(await outboxBodies()).toEqual([{ method: 'PUT', url: `/api/series/${SERIES_ID}`, body: { never_again: ['mars has blue sunsets', 'Saturn could float'] } }]);

    fireEvent.click(screen.getByRole('button', { name: 'Undo never again for Saturn could float' }));
    expect(await within(card).findByRole('button', { name: 'Never make “Saturn could float” again' })).toBeTruthy();
    expect(await storedList()).toEqual(['mars has blue sunsets']);
    // Both changes wait in order under the series' key: the server ends with the list as it is here.
    expect((await outboxBodies()).map((item) => item.body)).toEqual([{ never_again: ['mars has blue sunsets', 'Saturn could float'] }, { never_again: ['mars has blue sunsets'] }]);
  });
});

describe('topics never to make again in the settings', () => {
  it('lists the topics, removes one and adds one after checking it', async () => {
    await storeSeries(serverSeries(SERIES_ID, { never_again: ['Saturn could float', 'Black holes'] }));
    renderAt(`/video-series/setting/${SERIES_ID}`);
    // The form is mounted again once the series is read: look the section up after that.
    const list = await screen.findByRole('list', { name: 'Topics never to make again' });
    const section = screen.getByRole('region', { name: 'Topics never to make again' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Saturn could float', 'Black holes']);
    expect(await violations()).toEqual([]);

    fireEvent.click(within(section).getByRole('button', { name: 'Remove “Black holes”' }));
    await waitFor(() => expect(within(section).queryByText('Black holes')).toBeNull());
    expect(await outboxBodies()).toEqual([{ method: 'PUT', url: `/api/series/${SERIES_ID}`, body: { never_again: ['Saturn could float'] } }]);

    const input = within(section).getByRole('textbox', { name: 'Add a topic' });
    const add = within(section).getByRole('button', { name: 'Add' });
    fireEvent.change(input, { target: { value: ' ab ' } });
    fireEvent.click(add);
    expect(await within(section).findByText('A topic must be at least 3 characters.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(add);
    expect(await within(section).findByText('A topic must not be greater than 200 characters.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '  SATURN could float ' } });
    fireEvent.click(add);
    expect(await within(section).findByText('This topic is already on the list.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);

    fireEvent.change(input, { target: { value: '  Comets are dirty snowballs  ' } });
    fireEvent.click(add);
    expect(await within(section).findByText('Comets are dirty snowballs')).toBeTruthy();
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(await storedList()).toEqual(['Saturn could float', 'Comets are dirty snowballs']);
    expect((await outboxBodies()).at(-1)?.body).toEqual({ never_again: ['Saturn could float', 'Comets are dirty snowballs'] });
    // The rest of the settings are unchanged: their Save has nothing to send.
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('offers nothing to change while the series is not read', async () => {
    renderAt(`/video-series/setting/${SERIES_ID}`);
    // The series is not on this device: the page says so and shows no list to edit.
    expect(await screen.findByRole('heading', { name: 'No series here' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Add a topic' })).toBeNull();
  });
});
