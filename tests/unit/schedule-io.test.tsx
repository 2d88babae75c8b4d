// "Import / export" on the Publish screen (docs/decisions/publishing.md "The schedule in and out") against the real
// axios client behind a fake API: the CSV import's preview table (row numbers, per-row errors,
// skipped rows counted), creating the ready rows once with client-chosen ids and an
// Idempotency-Key, a refused import explained per row, the calendar feed URL shown once with its
// warning, the CSV download with the bearer token, and what happens offline; axe on the preview.
import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportPreviewResponse, ImportPreviewRow } from '../../contract';
import { setStoredToken } from '../../src/api';
import { theme } from '../../src/app/theme';
import { ScheduleIoSection } from '../../src/features/publishing/schedule-io/ScheduleIoSection';
import { fakeServer, type FakeServer } from './helpers/fake-server';

configure({ asyncUtilTimeout: 15_000 });
// Mantine's autosize textarea listens to document.fonts, which every browser has but happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const VIDEO = { id: '11111111-1111-4111-8111-111111111111', title: 'Octopus facts' };
const ACCOUNT = { id: '22222222-2222-4222-8222-222222222222', platform: 'youtube' as const, name: 'Octo channel' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function readyRow(row: number, caption: string, scheduledAt: string): ImportPreviewRow {
  return {
    row,
    ok: true,
    errors: [],
    warnings: [],
    input: { video: VIDEO.title, accounts: 'youtube:Octo channel', time: scheduledAt },
    video: VIDEO,
    accounts: [ACCOUNT],
    scheduled_at: scheduledAt,
    timezone: 'America/New_York',
    caption,
    post: { video_id: VIDEO.id, account_ids: [ACCOUNT.id], caption, scheduled_at: scheduledAt, timezone: 'America/New_York', options: {} },
  };
}

function badRow(row: number, errors: string[]): ImportPreviewRow {
  return { row, ok: false, errors, warnings: [], input: { video: 'No such video', accounts: 'youtube:Nobody', time: 'next tuesday' }, video: null, accounts: [], scheduled_at: null, timezone: 'America/New_York', caption: '', post: null };
}

const PREVIEW: ImportPreviewResponse = {
  rows: [readyRow(2, 'First caption', '2031-06-01T09:30:00-04:00'), badRow(3, ['No video in your library is called “No such video”.', '“next tuesday” is not a time this import reads.']), readyRow(5, 'Second caption', '2031-06-02T09:30:00-04:00')],
  valid: 2,
  invalid: 1,
  ignored_columns: ['notes'],
};

let server: FakeServer;
let online = true;

function renderSection() {
  return render(
    <MantineProvider env="test" theme={theme}>
      <main>
        <ScheduleIoSection timeZone="America/New_York" />
      </main>
    </MantineProvider>,
  );
}

function pasteAndCheck(csv = 'video,accounts,scheduled_at\nOctopus facts,youtube:Octo channel,2031-06-01 09:30') {
  fireEvent.change(screen.getByLabelText('Or paste the CSV'), { target: { value: csv } });
  fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
}

beforeEach(() => {
  online = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  setStoredToken('test-token');
  server = fakeServer().on('GET', '/api/schedule/feed-token', { body: { active: false, created_at: null, last_used_at: null } });
});

afterEach(() => {
  server.restore();
  setStoredToken(null);
  vi.restoreAllMocks();
});

describe('CSV import', () => {
  it('previews every row with its number and errors, then creates the ready rows once', async () => {
    server.on('POST', '/api/schedule/import/preview', { body: PREVIEW });
    server.on('POST', '/api/schedule/import', { status: 202, body: { message: '2 posts scheduled.', ids: [] } });
    renderSection();
    pasteAndCheck();

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['2', '3', '5']);
    expect(within(rows[0]!).getByText('Ready')).toBeTruthy();
    expect(within(rows[0]!).getByText('YouTube: Octo channel')).toBeTruthy();
    expect(within(rows[1]!).getByText('Skipped')).toBeTruthy();
    expect(within(rows[1]!).getByText('No video in your library is called “No such video”.')).toBeTruthy();
    expect(within(rows[1]!).getByText('“next tuesday” is not a time this import reads.')).toBeTruthy();
    // What the row said is shown when it could not be resolved.
    expect(within(rows[1]!).getByText('No such video')).toBeTruthy();
    expect(screen.getByText(/2 rows are ready; 1 row has errors and will be skipped\. Columns not read: notes\./)).toBeTruthy();
    // The preview was asked with the creator's zone for times written without one.
    expect(server.calls('POST', '/api/schedule/import/preview')[0]!.data).toEqual({ csv: 'video,accounts,scheduled_at\nOctopus facts,youtube:Octo channel,2031-06-01 09:30', timezone: 'America/New_York' });
    expect(server.calls('POST', '/api/schedule/import')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Create 2 posts' }));
    expect(await screen.findByText(/2 posts scheduled\./)).toBeTruthy();
    const [sent] = server.calls('POST', '/api/schedule/import');
    const body = sent!.data as { rows: { id: string; caption: string; video_id: string }[] };
    expect(body.rows.map((row) => row.caption)).toEqual(['First caption', 'Second caption']);
    for (const row of body.rows) expect(row.id).toMatch(UUID);
    expect(body.rows[0]).toMatchObject({ video_id: VIDEO.id, account_ids: [ACCOUNT.id], scheduled_at: '2031-06-01T09:30:00-04:00' });
    expect(sent!.headers['idempotency-key']).toMatch(UUID);
    expect(sent!.headers.authorization).toBe('Bearer test-token');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads a chosen file instead of pasted text', async () => {
    server.on('POST', '/api/schedule/import/preview', { body: PREVIEW });
    const { container } = renderSection();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File(['video,accounts,scheduled_at\nFrom the file,youtube:Octo channel,2031-06-01 09:30'], 'posts.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('table');
    expect((server.calls('POST', '/api/schedule/import/preview')[0]!.data as { csv: string }).csv).toContain('From the file');
  });

  it('offers no create button when no row is ready', async () => {
    server.on('POST', '/api/schedule/import/preview', { body: { rows: [badRow(2, ['Give the time to publish, e.g. 2030-06-01 09:30.'])], valid: 0, invalid: 1, ignored_columns: [] } });
    renderSection();
    pasteAndCheck();
    expect(await screen.findByText('Give the time to publish, e.g. 2030-06-01 09:30.')).toBeTruthy();
    expect(screen.getByText(/No row can be created yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Create \d/ })).toBeNull();
  });

  it('shows why the file could not be read, and a refused import row by row', async () => {
    server.on('POST', '/api/schedule/import/preview', {
      status: 422,
      body: { message: 'The header row needs the columns video, accounts and scheduled_at (missing: accounts).', errors: { csv: ['The header row needs the columns video, accounts and scheduled_at (missing: accounts).'] } },
    });
    renderSection();
    pasteAndCheck('video\nOctopus facts');
    expect((await screen.findByRole('alert')).textContent).toMatch(/missing: accounts/);

    server.on('POST', '/api/schedule/import/preview', { body: PREVIEW });
    server.on('POST', '/api/schedule/import', { status: 422, body: { message: 'Only a finished video can be published.', errors: { 'rows.1.video_id': ['Only a finished video can be published.'] } } });
    pasteAndCheck();
    fireEvent.click(await screen.findByRole('button', { name: 'Create 2 posts' }));
    // rows.1 is the second ready row: row 5 of the file.
    expect((await screen.findByRole('alert')).textContent).toMatch(/Nothing was created\. Row 5: Only a finished video can be published\./);
  });

  it('passes axe with the preview shown', async () => {
    server.on('POST', '/api/schedule/import/preview', { body: PREVIEW });
    renderSection();
    pasteAndCheck();
    await screen.findByRole('table');
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});

describe('calendar feed and download', () => {
  it('shows the new feed URL once, with a copy button and the warning, and turns it off', async () => {
    const url = 'http://reelflow.test/api/schedule/calendar.ics?token=secret-token-abc';
    server.on('POST', '/api/schedule/feed-token', { status: 201, body: { url, created_at: '2030-01-01T00:00:00.000Z', message: 'Copy this URL now.' } });
    server.on('DELETE', '/api/schedule/feed-token', { body: { message: 'The calendar feed URL no longer works.', deleted: true } });
    renderSection();
    expect(screen.getByText(/Anyone with this URL can see your schedule/)).toBeTruthy();
    await waitFor(() => expect(server.calls('GET', '/api/schedule/feed-token')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Create feed URL' }));
    expect((await screen.findByLabelText<HTMLInputElement>('Calendar feed URL')).value).toBe(url);
    expect(screen.getByRole('button', { name: 'Copy URL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace feed URL' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Turn off feed' }));
    await waitFor(() => expect(screen.queryByLabelText('Calendar feed URL')).toBeNull());
    expect(server.calls('DELETE', '/api/schedule/feed-token')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Create feed URL' })).toBeTruthy();
  });

  it('downloads the CSV through the API client with the bearer token', async () => {
    server.on('GET', '/api/schedule/export.csv', { body: new Blob(['\uFEFFpost_id\r\n'], { type: 'text/csv' }) });
    const createObjectURL = vi.fn(() => 'blob:schedule');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [sent] = server.calls('GET', '/api/schedule/export.csv');
    expect(sent!.headers.authorization).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(clicked[0]!.download).toBe('reelflow-schedule.csv');
  });

  it('says that import and export need a connection while offline', () => {
    online = false;
    renderSection();
    expect(screen.getByText(/You are offline\. Import and export need a connection/)).toBeTruthy();
    expect(screen.getByText('Importing needs a connection.')).toBeTruthy();
    for (const name of ['Download CSV', 'Create feed URL', 'Check file']) expect(screen.getByRole<HTMLButtonElement>('button', { name }).disabled).toBe(true);
    expect(server.calls('GET', '/api/schedule/feed-token')).toHaveLength(0);
  });
});
