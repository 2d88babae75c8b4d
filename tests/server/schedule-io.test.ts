// The schedule in and out (docs/decisions/publishing.md): the CSV export (content, quoting, formula
// injection defused, owner only), the calendar feed (token lifecycle, only the hash stored, valid
// RFC 5545 with folding and escaping, bad tokens 404, rate limit) and the CSV import (per-row
// errors in the preview with nothing created, all-or-nothing creation, idempotent replay).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contract/publishing';
import type { FeedTokenCreated, FeedTokenStatus, ImportPreviewResponse, ImportResponse } from '../../contract/schedule-io';
import { posts, scheduleFeedTokens } from '../../server/db/schema';
import { sha256Hex } from '../../server/domain/auth/secrets';
import { parseCsv } from '../../server/domain/publishing/csv';
import { as, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing, RecordingScheduler, seedAccount, seedVideo } from './publishing-fixtures';

const CRLF = '\r\n';
/** Next year: every time in these files lies ahead, within the two years a post may be scheduled. */
const YEAR = new Date().getUTCFullYear() + 1;
/** RFC 5545 §3.1: a folded line continues on a line starting with one space. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');

describe('the schedule in and out', () => {
  let t: TestApp;
  const scheduler = new RecordingScheduler();
  let me: { token: string; id: number };
  let other: { token: string; id: number };
  let videoId: string;
  let unfinishedId: string;
  let channelId: string;
  let theirVideoId: string;
  let theirAccountId: string;

  const register = async (label: string, plan = 'creator') => {
    const registered = await t.client.register(uniqueEmail(label));
    await allowPublishing(t.database.db, registered.user.id, plan);
    return { token: registered.token, id: registered.user.id };
  };
  const inHours = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
  const createPost = async (body: Record<string, unknown>, token = me.token) => {
    const response = await t.client.post('/api/create/post', { id: randomUUID(), ...body }, as(token));
    expect(response.statusCode, response.body).toBe(202);
    return response.json<Post>();
  };
  const postCount = async (userId = me.id) => (await t.database.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId))).length;
  const preview = (csv: string, timezone = 'America/New_York', token = me.token) => t.client.post('/api/schedule/import/preview', { csv, timezone }, as(token));
  const feed = (token: string) => t.app.inject({ method: 'GET', url: `/api/schedule/calendar.ics?token=${encodeURIComponent(token)}` });
  const newFeed = async (token = me.token) => {
    const response = await t.client.post('/api/schedule/feed-token', {}, as(token));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<FeedTokenCreated>();
    return { ...body, token: new URL(body.url).searchParams.get('token')! };
  };

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { publishScheduler: scheduler });
    me = await register('schedule');
    other = await register('schedule-other');
    const storage = t.services.publishEngine.storage;
    ({ id: videoId } = await seedVideo(t.database.db, storage, me.id, { title: 'Octopus facts' }));
    ({ id: unfinishedId } = await seedVideo(t.database.db, storage, me.id, { title: 'Still rendering', status: 'processing' }));
    channelId = await seedAccount(t.database.db, me.id, { name: 'Octo channel' });
    await seedAccount(t.database.db, me.id, { name: 'Old channel', disconnected: true });
    ({ id: theirVideoId } = await seedVideo(t.database.db, storage, other.id, { title: 'Their video' }));
    theirAccountId = await seedAccount(t.database.db, other.id, { name: 'Their channel' });
  });
  afterAll(async () => t.close());

  it('needs a signed-in user whose plan can publish', async () => {
    const free = await register('schedule-free', 'free');
    const calls = [
      t.client.get('/api/schedule/export.csv', as(free.token)),
      t.client.get('/api/schedule/feed-token', as(free.token)),
      t.client.post('/api/schedule/feed-token', {}, as(free.token)),
      t.client.delete('/api/schedule/feed-token', as(free.token)),
      t.client.post('/api/schedule/import/preview', { csv: 'video,accounts,scheduled_at' }, as(free.token)),
      t.client.post('/api/schedule/import', { rows: [] }, as(free.token)),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(messageOf(response)).toMatch(/plan does not include publishing/);
    }
    expect((await t.client.get('/api/schedule/export.csv')).statusCode).toBe(401);
  });

  describe('CSV export', () => {
    it('lists the owner’s posts with a time, quoted, with formulas defused', async () => {
      const at = inHours(5);
      const risky = await createPost({ video_id: videoId, account_ids: [channelId], scheduled_at: at, timezone: 'Europe/Berlin', caption: '=HYPERLINK("http://evil.example","click"), then "more"\nsecond line ünïcödé 🐙' });
      const plain = await createPost({ video_id: videoId, account_ids: [channelId], scheduled_at: inHours(6), caption: '+1 for octopi', options: { youtube: { title: '@octo, best; of' } } });
      const untimedDraft = randomUUID();
      expect((await t.client.post('/api/create/post/draft', { id: untimedDraft, caption: 'no time yet' }, as(me.token))).statusCode).toBe(201);
      const timedDraft = randomUUID();
      expect((await t.client.post('/api/create/post/draft', { id: timedDraft, caption: '-draft with a time', scheduled_at: inHours(7) }, as(me.token))).statusCode).toBe(201);
      const theirs = await createPost({ video_id: theirVideoId, account_ids: [theirAccountId], scheduled_at: inHours(5), caption: 'not yours' }, other.token);

      const response = await t.client.get('/api/schedule/export.csv', as(me.token));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="reelflow-schedule-\d{4}-\d{2}-\d{2}\.csv"$/);
      const text = response.body;
      // A byte-order mark so spreadsheets read UTF-8; CRLF line ends.
      expect(text.startsWith('\uFEFF')).toBe(true);
      expect(text.split(CRLF)[0]).toBe('\uFEFFpost_id,status,scheduled_at,timezone,video_id,video_title,accounts,caption,youtube_title,published_at');
      // The formula cell starts with an apostrophe, inside quotes with doubled quotes.
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then ""more""\nsecond line ünïcödé 🐙"`);
      expect(text).toContain(`,'+1 for octopi,"'@octo, best; of",`);
      expect(text).toContain(`,'-draft with a time,`);

      const [header, ...rows] = parseCsv(text).filter((row) => row.length > 0);
      const byId = new Map(rows.map((row) => [row[0], Object.fromEntries(header!.map((name, index) => [name, row[index]]))]));
      expect([...byId.keys()]).toEqual(expect.arrayContaining([risky.id, plain.id, timedDraft]));
      expect(byId.has(untimedDraft)).toBe(false);
      expect(byId.has(theirs.id)).toBe(false);
      expect(byId.get(risky.id)).toMatchObject({
        status: 'scheduled',
        scheduled_at: new Date(at).toISOString(),
        timezone: 'Europe/Berlin',
        video_id: videoId,
        video_title: 'Octopus facts',
        accounts: 'youtube:Octo channel',
        youtube_title: 'Octopus facts',
        published_at: '',
      });
      expect(byId.get(timedDraft)).toMatchObject({ status: 'draft', caption: "'-draft with a time" });
      // Ordered by time.
      const times = rows.map((row) => Date.parse(row[2]!));
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });
  });

  describe('calendar feed', () => {
    it('makes, rotates and revokes the secret URL; only its hash is stored', async () => {
      expect((await t.client.get('/api/schedule/feed-token', as(me.token))).json<FeedTokenStatus>()).toEqual({ active: false, created_at: null, last_used_at: null });
      const first = await newFeed();
      expect(first.url).toMatch(/^http:\/\/reelflow\.test\/api\/schedule\/calendar\.ics\?token=[A-Za-z0-9_-]{40,}$/);
      expect(first.message).toMatch(/Anyone with it can see your schedule/);
      const [stored] = await t.database.db.select().from(scheduleFeedTokens).where(eq(scheduleFeedTokens.userId, me.id));
      expect(stored!.tokenHash).toBe(sha256Hex(first.token));
      expect(JSON.stringify(stored)).not.toContain(first.token);

      const served = await feed(first.token);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const status = (await t.client.get('/api/schedule/feed-token', as(me.token))).json<FeedTokenStatus>();
      expect(status.active).toBe(true);
      expect(status.last_used_at).not.toBeNull();

      const second = await newFeed();
      expect(second.token).not.toBe(first.token);
      expect((await feed(first.token)).statusCode).toBe(404);
      expect((await feed(second.token)).statusCode).toBe(200);

      const revoked = await t.client.delete('/api/schedule/feed-token', as(me.token));
      expect(revoked.json()).toMatchObject({ deleted: true });
      expect((await feed(second.token)).statusCode).toBe(404);
      expect((await t.client.delete('/api/schedule/feed-token', as(me.token))).json()).toMatchObject({ deleted: false });
    });

    it('answers 404 for a missing, malformed or unknown token', async () => {
      for (const url of ['/api/schedule/calendar.ics', '/api/schedule/calendar.ics?token=', '/api/schedule/calendar.ics?token=short', `/api/schedule/calendar.ics?token=${'a'.repeat(43)}`]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(messageOf(response)).toMatch(/calendar feed does not exist/);
      }
    });

    it('stops serving the feed when the plan no longer includes publishing', async () => {
      const downgraded = await register('schedule-downgraded');
      const { token } = await newFeed(downgraded.token);
      expect((await feed(token)).statusCode).toBe(200);
      await allowPublishing(t.database.db, downgraded.id, 'free');
      const refused = await feed(token);
      expect(refused.statusCode).toBe(403);
      expect(messageOf(refused)).toMatch(/plan does not include publishing/);
    });

    it('is valid RFC 5545: CRLF, folded at 75 octets, TEXT escaped, UTC times, one event per post', async () => {
      const caption = `Line one; with, punctuation \\ and more\nLine two ${'🐙ö'.repeat(40)}`;
      const at = inHours(30);
      const post = await createPost({ video_id: videoId, account_ids: [channelId], scheduled_at: at, caption });
      const theirs = await createPost({ video_id: theirVideoId, account_ids: [theirAccountId], scheduled_at: inHours(30), caption: 'secret plans' }, other.token);
      const { token } = await newFeed();
      const ics = (await feed(token)).body;

      expect(ics.startsWith(`BEGIN:VCALENDAR${CRLF}VERSION:2.0${CRLF}PRODID:`)).toBe(true);
      expect(ics.endsWith(`END:VCALENDAR${CRLF}`)).toBe(true);
      // Every line ends with CRLF (no bare LF) and is at most 75 octets.
      expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      const lines = ics.split(CRLF).slice(0, -1);
      for (const line of lines) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
      // The long caption really was folded, and never inside a UTF-8 character.
      expect(lines.some((line) => line.startsWith(' '))).toBe(true);
      expect(ics).not.toContain('\uFFFD');

      const unfolded = unfold(ics).split(CRLF);
      const start = unfolded.indexOf(`UID:${post.id}@reelflow.test`);
      expect(start).toBeGreaterThan(0);
      const event = unfolded.slice(unfolded.lastIndexOf('BEGIN:VEVENT', start), unfolded.indexOf('END:VEVENT', start) + 1);
      const prop = (name: string) => event.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
      const utc = new Date(at).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      expect(prop('DTSTART')).toBe(utc);
      expect(prop('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
      expect(prop('SUMMARY')).toBe('Octopus facts — YouTube');
      expect(prop('DESCRIPTION')).toBe(`Line one\\; with\\, punctuation \\\\ and more\\nLine two ${'🐙ö'.repeat(40)}\\n\\nStatus: Scheduled\\nAccounts: YouTube Octo channel`);
      expect(prop('URL')).toBe('http://reelflow.test/calender');
      // Balanced components; the other user's post is not in this feed.
      expect(unfolded.filter((line) => line === 'BEGIN:VEVENT').length).toBe(unfolded.filter((line) => line === 'END:VEVENT').length);
      expect(ics).not.toContain(theirs.id);
      expect(ics).not.toContain('secret plans');
    });
  });

  describe('CSV import', () => {
    const header = 'video,accounts,scheduled_at,timezone,caption,youtube_title,notes';

    it('previews every row with its own errors and creates nothing', async () => {
      const before = await postCount();
      const csv = [
        header,
        `Octopus facts,youtube:Octo channel,${YEAR}-06-01 09:30,,"Two lines,\nwith a comma",,ignored`,
        `${videoId},${channelId},${YEAR}-06-02T10:00:00Z,Europe/Berlin,By ids,Custom title,`,
        `No such video,youtube:Octo channel,${YEAR}-06-01 09:30,,,,`,
        `Octopus facts,youtube:Nobody,${YEAR}-06-01 09:30,,,,`,
        'Octopus facts,youtube:Octo channel,next tuesday,,,,',
        'Octopus facts,youtube:Octo channel,2020-01-01 09:30,,,,',
        `Still rendering,youtube:Octo channel,${YEAR}-06-01 09:30,,,,`,
        `${theirVideoId},${theirAccountId},${YEAR}-06-01 09:30,,,,`,
        `Octopus facts,Old channel,${YEAR}-06-01 09:30,,,,`,
        `Octopus facts,youtube:Octo channel,${YEAR}-06-01 09:30,Mars/Olympus,,,`,
        `Octopus facts,youtube:Octo channel,${YEAR}-06-01 09:30,,,${'t'.repeat(101)},`,
        '',
        'Octopus facts,,,,,,',
      ].join('\r\n');
      const response = await preview(csv);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<ImportPreviewResponse>();
      expect(result.ignored_columns).toEqual(['notes']);
      expect(result.valid).toBe(2);
      expect(result.invalid).toBe(10);
      const byRow = new Map(result.rows.map((row) => [row.row, row]));
      // Row numbers as a spreadsheet shows them: the header is row 1, a quoted line break stays in its row.
      expect([...byRow.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14]);

      expect(byRow.get(2)).toMatchObject({
        ok: true,
        errors: [],
        video: { id: videoId, title: 'Octopus facts' },
        accounts: [{ id: channelId, platform: 'youtube', name: 'Octo channel' }],
        scheduled_at: `${YEAR}-06-01T09:30:00-04:00`,
        timezone: 'America/New_York',
        caption: 'Two lines,\nwith a comma',
        post: { video_id: videoId, account_ids: [channelId], scheduled_at: `${YEAR}-06-01T09:30:00-04:00`, timezone: 'America/New_York', caption: 'Two lines,\nwith a comma', options: {} },
      });
      expect(byRow.get(3)).toMatchObject({ ok: true, scheduled_at: `${YEAR}-06-02T12:00:00+02:00`, timezone: 'Europe/Berlin', post: { options: { youtube: { title: 'Custom title' } } } });
      const errorsOfRow = (row: number) => byRow.get(row)!.errors.join(' | ');
      expect(errorsOfRow(4)).toMatch(/No video in your library is called “No such video”/);
      expect(errorsOfRow(5)).toMatch(/No connected account matches “youtube:Nobody”/);
      expect(errorsOfRow(6)).toMatch(/“next tuesday” is not a time/);
      expect(errorsOfRow(7)).toMatch(/must not be in the past/);
      expect(errorsOfRow(8)).toMatch(/Only a finished video can be published/);
      // Another user's video and account are simply not there.
      expect(errorsOfRow(9)).toMatch(/no video with the id/);
      expect(errorsOfRow(9)).toMatch(/No connected account matches/);
      expect(errorsOfRow(10)).toMatch(/Old channel is disconnected/);
      expect(errorsOfRow(11)).toMatch(/“Mars\/Olympus” is not a time zone/);
      expect(errorsOfRow(12)).toMatch(/YouTube title must not be greater than 100 characters/);
      expect(errorsOfRow(14)).toMatch(/Name at least one account/);
      expect(errorsOfRow(14)).toMatch(/Give the time to publish/);
      for (const row of result.rows.filter((entry) => !entry.ok)) expect(row.post).toBeNull();
      expect(await postCount()).toBe(before);
    });

    it('refuses a file it cannot read with a 422 on csv', async () => {
      const cases: [string, RegExp][] = [
        ['video,caption\nOctopus facts,hi', /needs the columns video, accounts and scheduled_at \(missing: accounts, scheduled_at\)/],
        [`${header}\n"Octopus facts,youtube:Octo channel,${YEAR}-06-01 09:30`, /quoted cell that is never closed/],
        [header, /no posts/],
        ['\n\n', /empty/],
      ];
      for (const [csv, message] of cases) {
        const response = await preview(csv);
        expect(response.statusCode, csv).toBe(422);
        expect(errorsOf(response).csv?.[0]).toMatch(message);
      }
    });

    it('reads semicolon-separated files and our own export back', async () => {
      const semicolon = await preview(`\uFEFFvideo;accounts;scheduled_at\r\nOctopus facts;"youtube:Octo channel";${YEAR}-07-01 08:00\r\n`, 'UTC');
      expect(semicolon.json<ImportPreviewResponse>().rows[0]).toMatchObject({ ok: true, scheduled_at: `${YEAR}-07-01T08:00:00+00:00` });

      await createPost({ video_id: videoId, account_ids: [channelId], scheduled_at: inHours(48), caption: '=1+2 is a caption, not a formula' });
      const exported = (await t.client.get('/api/schedule/export.csv', as(me.token))).body;
      const roundTrip = (await preview(exported)).json<ImportPreviewResponse>();
      expect(roundTrip.ignored_columns).toEqual([]);
      const row = roundTrip.rows.find((entry) => entry.caption === '=1+2 is a caption, not a formula');
      expect(row).toMatchObject({ ok: true, video: { id: videoId }, accounts: [{ id: channelId }] });
    });

    it('refuses a time more than two years ahead (year 9999 too): 422 on the row, nothing created', async () => {
      const before = await postCount();
      for (const scheduled_at of ['9999-01-01T00:00:00Z', '9999-12-31T23:59:59-05:00', inHours(732 * 24)]) {
        const refused = await t.client.post('/api/schedule/import', { rows: [{ id: randomUUID(), video_id: videoId, account_ids: [channelId], scheduled_at }] }, as(me.token));
        expect(refused.statusCode, scheduled_at).toBe(422);
        expect(errorsOf(refused)['rows.0.scheduled_at'], scheduled_at).toHaveLength(1);
      }
      expect(await postCount()).toBe(before);
      // The preview says so on the row.
      const previewed = (await preview(`${header}\nOctopus facts,Octo channel,9999-01-01 09:30,,Far off,,`)).json<ImportPreviewResponse>();
      expect(previewed.rows[0]).toMatchObject({ ok: false, errors: ['The scheduled time must not be more than two years ahead.'] });
    });

    it('creates all rows through the posts rules, all or nothing, and replays an Idempotency-Key', async () => {
      const csv = [header, `Octopus facts,youtube:Octo channel,${YEAR}-08-01 09:30,,First import,,`, `Octopus facts,Octo channel,${YEAR}-08-02 09:30,,Second import,Imported title,`].join('\n');
      const previewed = (await preview(csv)).json<ImportPreviewResponse>();
      expect(previewed.valid).toBe(2);
      const rows = previewed.rows.map((row) => ({ ...row.post!, id: randomUUID() }));

      // One bad row refuses the whole request: nothing of it is created.
      const before = await postCount();
      const refused = await t.client.post('/api/schedule/import', { rows: [rows[0], { ...rows[1], video_id: unfinishedId }] }, as(me.token));
      expect(refused.statusCode).toBe(422);
      expect(errorsOf(refused)['rows.1.video_id']?.[0]).toMatch(/Only a finished video can be published/);
      expect(await postCount()).toBe(before);

      const key = randomUUID();
      const created = await t.client.post('/api/schedule/import', { rows }, as(me.token, key));
      expect(created.statusCode, created.body).toBe(202);
      expect(created.json<ImportResponse>()).toEqual({ message: '2 posts scheduled.', ids: rows.map((row) => row.id) });
      expect(await postCount()).toBe(before + 2);
      const first = (await t.client.get('/api/get/posts?query=First%20import', as(me.token))).json<{ data: Post[] }>().data[0]!;
      expect(first).toMatchObject({ id: rows[0]!.id, status: 'scheduled', scheduled_at: `${YEAR}-08-01T13:30:00.000Z`, timezone: 'America/New_York', caption: 'First import' });
      expect(first.options.youtube?.title).toBe('Octopus facts');
      const second = (await t.client.get('/api/get/posts?query=Second%20import', as(me.token))).json<{ data: Post[] }>().data[0]!;
      expect(second.options.youtube?.title).toBe('Imported title');
      // Their targets went to the scheduler at their time.
      expect(scheduler.lastFor(first.targets[0]!.id)?.at?.toISOString()).toBe(`${YEAR}-08-01T13:30:00.000Z`);

      const replay = await t.client.post('/api/schedule/import', { rows }, as(me.token, key));
      expect(replay.statusCode).toBe(202);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(created.json());
      // Resent without the key (the client-chosen ids make it harmless too).
      expect((await t.client.post('/api/schedule/import', { rows }, as(me.token))).statusCode).toBe(202);
      expect(await postCount()).toBe(before + 2);

      // Another user cannot import into these ids.
      const stolen = await t.client.post('/api/schedule/import', { rows: [{ ...rows[0], video_id: theirVideoId, account_ids: [theirAccountId] }] }, as(other.token));
      expect(stolen.statusCode).toBe(422);
      expect(errorsOf(stolen)['rows.0.id']?.[0]).toMatch(/no longer exists/);
    });
  });
});

describe('calendar feed rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CALENDAR_FEED: '3 per minute' });
  });
  afterAll(async () => t.close());

  it('answers 429 once an address has spent its fetches, good token or not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.app.inject({ method: 'GET', url: `/api/schedule/calendar.ics?token=${'b'.repeat(43)}` })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
