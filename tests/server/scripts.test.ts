// Saved scripts: create with the client's uuid, list (Laravel paginator,
// search, newest first), read/edit/delete scoped to the owner, validation that never 500s, and
// the conditional GETs the PWA's pull relies on (ETag / 304 / private caching).
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { Script } from '../../contract/scripts';
import { scripts } from '../../server/db/schema';
import { as, bodyOf, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

describe('saved scripts', () => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = (await t.client.register(uniqueEmail('alice'))).token;
    bob = (await t.client.register(uniqueEmail('bob'))).token;
  });
  afterAll(async () => t.close());

  const create = async (token: string, fields: Record<string, unknown> = {}) => {
    const response = await t.client.post('/api/scripts', { id: randomUUID(), title: 'Morning routine', body: 'Wake up. Drink water. Move.', ...fields }, as(token));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Script>();
  };
  const list = (token: string, query = '') => t.client.get(`/api/scripts${query}`, as(token));

  it('creates a script with the client uuid and answers the contract Script', async () => {
    const id = randomUUID();
    const response = await t.client.post('/api/scripts', { id, title: '  Hello  ', body: 'one two\n\nthree   four', video_duration: 30, language: 'French' }, as(alice));
    expect(response.statusCode).toBe(201);
    const script = response.json<Script>();
    expect(script).toEqual({
      id,
      title: 'Hello',
      body: 'one two\n\nthree   four',
      prompt: null,
      language: 'french',
      video_duration: 30,
      word_count: 4,
      source: 'manual',
      created_at: expect.stringMatching(ISO) as string,
      updated_at: expect.stringMatching(ISO) as string,
    });
    const read = await t.client.get(`/api/scripts/${id}`, as(alice));
    expect(read.statusCode).toBe(200);
    expect(read.json<Script>()).toEqual(script);
  });

  it('chooses an id when the client sends none', async () => {
    const response = await t.client.post('/api/scripts', { title: 'No id', body: 'x' }, as(alice));
    expect(response.statusCode).toBe(201);
    expect(bodyOf(response).id).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodyOf(response).language).toBe('english');
  });

  it('answers a create re-sent for an id the user already has with the stored row (200), changing nothing', async () => {
    // The outbox re-sends a create whose answer was lost after its Idempotency-Key expired.
    const first = await create(alice, { title: 'Sent twice', body: 'first words' });
    const again = await t.client.post('/api/scripts', { id: first.id, title: 'Sent twice, other body', body: 'second words' }, as(alice));
    expect(again.statusCode).toBe(200);
    expect(again.json<Script>()).toEqual(first);
    const rows = await t.database.db.select().from(scripts).where(eq(scripts.id, first.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toBe('first words');
  });

  it("refuses the id of another user's script with 422 on id, leaking nothing", async () => {
    const secret = await create(alice, { title: 'Secret plan', body: 'classified words' });
    const response = await t.client.post('/api/scripts', { id: secret.id, title: 'mine', body: 'b' }, as(bob));
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response).id).toEqual(['The id has already been taken.']);
    expect(response.body).not.toContain('Secret plan');
    expect(response.body).not.toContain('classified');
    const [row] = await t.database.db.select().from(scripts).where(eq(scripts.id, secret.id));
    expect(row!.title).toBe('Secret plan');
  });

  it('lists as a Laravel paginator, newest first, with search on title and body', async () => {
    const carol = (await t.client.register(uniqueEmail('carol'))).token;
    const empty = await list(carol);
    expect(empty.statusCode).toBe(200);
    expect(bodyOf(empty)).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0, from: null, to: null });

    const first = await create(carol, { title: 'Cats are great', body: 'about felines' });
    const second = await create(carol, { title: 'Dogs', body: 'loyal CATS? no, dogs' });
    const third = await create(carol, { title: 'Birds', body: 'wings' });
    // Make the order unambiguous even if the three rows share a timestamp.
    await t.database.db.update(scripts).set({ updatedAt: sql`now() - interval '3 minutes'` }).where(eq(scripts.id, first.id));
    await t.database.db.update(scripts).set({ updatedAt: sql`now() - interval '2 minutes'` }).where(eq(scripts.id, second.id));

    const all = (await list(carol)).json<Paginated<Script>>();
    expect(all.data.map((s) => s.id)).toEqual([third.id, second.id, first.id]);
    expect(all).toMatchObject({ current_page: 1, last_page: 1, per_page: 50, total: 3, from: 1, to: 3 });

    const cats = (await list(carol, '?search=cats')).json<Paginated<Script>>();
    expect(cats.data.map((s) => s.id)).toEqual([second.id, first.id]);
    expect(cats.total).toBe(2);
    // LIKE wildcards in the search are literal.
    expect((await list(carol, '?search=%25')).json<Paginated<Script>>().total).toBe(0);

    const page2 = (await list(carol, '?per_page=2&page=2')).json<Paginated<Script>>();
    expect(page2).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });
    expect(page2.data.map((s) => s.id)).toEqual([first.id]);

    const beyond = (await list(carol, '?per_page=2&page=9')).json<Paginated<Script>>();
    expect(beyond).toMatchObject({ data: [], current_page: 9, last_page: 2, total: 3, from: null, to: null });

    expect((await list(carol, '?per_page=1000')).statusCode).toBe(200);
    const tooMany = await list(carol, '?per_page=1001');
    expect(tooMany.statusCode).toBe(422);
    expect(errorsOf(tooMany)).toHaveProperty('per_page');
    for (const bad of ['?page=0', '?page=abc', '?per_page=-1', '?search=a&search=b']) {
      expect((await list(carol, bad)).statusCode, bad).toBe(422);
    }
  });

  it('lists each script exactly as it is read alone (the database builds the list JSON)', async () => {
    const dave = (await t.client.register(uniqueEmail('dave'))).token;
    const plain = await create(dave, { title: 'Plain', body: 'no extras' });
    const full = await create(dave, {
      title: 'Quotes " and \\ backslash',
      body: 'Tabs\tnew\nlines, control \u0001 char, emoji 🎬, accents é, </script>',
      prompt: 'A prompt',
      language: 'Spanish',
      video_duration: 45,
    });
    // Timestamps with microseconds: the list must cut them to milliseconds as the single read does.
    await t.database.db.update(scripts).set({ updatedAt: sql`'2026-01-02 03:04:05.678999+00'` }).where(eq(scripts.id, plain.id));
    const listed = (await list(dave)).json<Paginated<Script>>();
    const single = async (id: string) => (await t.client.get(`/api/scripts/${id}`, as(dave))).json<Script>();
    expect(listed.data).toEqual([await single(full.id), await single(plain.id)]);
    expect(listed.data[1]!.updated_at).toBe('2026-01-02T03:04:05.678Z');
    expect(listed.data[1]!.prompt).toBeNull();
  });

  it('shows every change in the next list read, whoever made it (the kept page follows the version)', async () => {
    const frank = (await t.client.register(uniqueEmail('frank'))).token;
    const script = await create(frank, { title: 'First title' });
    const titles = async () => (await list(frank)).json<Paginated<Script>>().data.map((s) => s.title);
    expect(await titles()).toEqual(['First title']);
    expect(await titles()).toEqual(['First title']);
    // Straight in the database, as another process or the admin CLI would: no route involved.
    await t.database.db.update(scripts).set({ title: 'Changed elsewhere' }).where(eq(scripts.id, script.id));
    expect(await titles()).toEqual(['Changed elsewhere']);
    expect((await t.client.put(`/api/scripts/${script.id}`, { title: 'Changed here' }, as(frank))).statusCode).toBe(200);
    expect(await titles()).toEqual(['Changed here']);
    const second = await create(frank, { title: 'Second' });
    expect(await titles()).toEqual(['Second', 'Changed here']);
    await t.database.db.delete(scripts).where(eq(scripts.id, second.id));
    expect(await titles()).toEqual(['Changed here']);
  });

  it("never lists another user's scripts", async () => {
    const mine = await create(bob, { title: 'Bob only' });
    const others = (await list(alice, '?per_page=1000')).json<Paginated<Script>>();
    expect(others.data.map((s) => s.id)).not.toContain(mine.id);
    expect((await list(alice, '?search=Bob%20only')).json<Paginated<Script>>().total).toBe(0);
  });

  it('edits only the sent fields and recounts words', async () => {
    const script = await create(alice, { title: 'Before', body: 'a b', video_duration: 20 });
    const response = await t.client.put(`/api/scripts/${script.id}`, { body: 'one two three four five' }, as(alice));
    expect(response.statusCode).toBe(200);
    const edited = response.json<Script>();
    expect(edited).toMatchObject({ id: script.id, title: 'Before', body: 'one two three four five', word_count: 5, video_duration: 20 });
    expect(Date.parse(edited.updated_at)).toBeGreaterThanOrEqual(Date.parse(script.updated_at));
    const cleared = await t.client.put(`/api/scripts/${script.id}`, { video_duration: null }, as(alice));
    expect(bodyOf(cleared).video_duration).toBeNull();
  });

  it("scopes read, edit and delete to the owner: another user's script is 404", async () => {
    const script = await create(alice, { title: 'Private' });
    const read = await t.client.get(`/api/scripts/${script.id}`, as(bob));
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Private');
    const edit = await t.client.put(`/api/scripts/${script.id}`, { title: 'hijacked' }, as(bob));
    expect(edit.statusCode).toBe(404);
    expect(messageOf(edit)).toBe('This script no longer exists.');
    // DELETE is idempotent (200 for "already gone"), so it says 200 — but removes nothing.
    const del = await t.client.delete(`/api/scripts/${script.id}`, as(bob));
    expect(del.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(scripts).where(eq(scripts.id, script.id));
    expect(row!.title).toBe('Private');
  });

  it('deletes, and answers 200 for a script that is already gone', async () => {
    const script = await create(alice);
    const first = await t.client.delete(`/api/scripts/${script.id}`, as(alice));
    expect(first.statusCode).toBe(200);
    expect(bodyOf(first)).toEqual({ message: 'Script deleted.' });
    expect((await t.client.get(`/api/scripts/${script.id}`, as(alice))).statusCode).toBe(404);
    const again = await t.client.delete(`/api/scripts/${script.id}`, as(alice));
    expect(again.statusCode).toBe(200);
    expect((await t.client.delete(`/api/scripts/${randomUUID()}`, as(alice))).statusCode).toBe(200);
  });

  it('refuses the list to a token at once after logout or a password change, even just after a list read', async () => {
    const email = uniqueEmail('erin');
    const first = (await t.client.register(email)).token;
    expect((await list(first)).statusCode).toBe(200);
    expect((await t.client.post('/api/logout', undefined, as(first))).statusCode).toBe(200);
    expect((await list(first)).statusCode).toBe(401);
    expect((await t.client.get(`/api/scripts/${randomUUID()}`, as(first))).statusCode).toBe(401);

    const current = (await t.client.post('/api/login', { email, password: 'correct horse battery' })).json<{ token: string }>().token;
    const other = (await t.client.post('/api/login', { email, password: 'correct horse battery' })).json<{ token: string }>().token;
    expect((await list(other)).statusCode).toBe(200);
    const changed = await t.client.post('/api/user/change-password', { current_password: 'correct horse battery', password: 'a new password', password_confirmation: 'a new password' }, as(current));
    expect(changed.statusCode).toBe(200);
    expect((await list(other)).statusCode).toBe(401);
    expect((await list(current)).statusCode).toBe(200);
  });

  it('requires authentication on every script route', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/scripts'],
      ['GET', `/api/scripts/${id}`],
      ['POST', '/api/scripts'],
      ['PUT', `/api/scripts/${id}`],
      ['DELETE', `/api/scripts/${id}`],
      ['POST', '/api/generate-script'],
    ] as const) {
      const response = await t.client.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { title: 't', body: 'b' });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(bodyOf(response)).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('validates fields with 422 and Laravel messages', async () => {
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ body: 'b' }, 'title', 'The title field is required.'],
      [{ title: '   ', body: 'b' }, 'title'],
      [{ title: 't' }, 'body', 'The body field is required.'],
      [{ title: 42, body: 'b' }, 'title', 'The title field must be a string.'],
      [{ title: 't', body: ['b'] }, 'body'],
      [{ title: 'x'.repeat(201), body: 'b' }, 'title'],
      [{ title: 't', body: 'b'.repeat(20_001) }, 'body'],
      [{ title: 't', body: 'b', id: 'not-a-uuid' }, 'id', 'The id field must be a valid UUID.'],
      [{ title: 't', body: 'b', language: 'klingon' }, 'language', 'The selected language is invalid.'],
      [{ title: 't', body: 'b', video_duration: 2 }, 'video_duration'],
      [{ title: 't', body: 'b', video_duration: 'long' }, 'video_duration'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await t.client.post('/api/scripts', payload, as(alice));
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
      expect(Object.keys(errorsOf(response)), JSON.stringify(payload).slice(0, 80)).toContain(field);
      if (message) expect(errorsOf(response)[field]).toEqual([message]);
    }
    const script = await create(alice);
    const badEdit = await t.client.put(`/api/scripts/${script.id}`, { title: '' }, as(alice));
    expect(badEdit.statusCode).toBe(422);
    expect(errorsOf(badEdit)).toHaveProperty('title');
  });

  it('answers a bad uuid in the path, malformed JSON and odd bodies with 4xx, never 500', async () => {
    for (const [method, url] of [
      ['GET', '/api/scripts/not-a-uuid'],
      ['PUT', '/api/scripts/not-a-uuid'],
      ['DELETE', '/api/scripts/not-a-uuid'],
      ['GET', "/api/scripts/1'%20or%201=1"],
    ] as const) {
      const response = await t.client.request(method, url, method === 'PUT' ? { title: 'x' } : undefined, as(alice));
      expect(response.statusCode, `${method} ${url}`).toBe(422);
      expect(errorsOf(response)).toHaveProperty('id');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/scripts',
      headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
      payload: '{"title": "x", ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(bodyOf(malformed)).toEqual({ message: 'The request body is not valid JSON.' });
    for (const payload of ['[]', '"text"', 'null', '{"__proto__": {"title": "x"}}']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/scripts',
        headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });
});

describe('conditional GETs on lists', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.client.register(uniqueEmail('etag'))).token;
  });
  afterAll(async () => t.close());

  it('sends an ETag, answers 304 with an empty body for If-None-Match, and a new ETag after a change', async () => {
    const first = await t.client.get('/api/scripts', as(token));
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const notModified = await t.client.get('/api/scripts', { token, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('private, no-cache');
    // Strong form and lists of tags match too (weak comparison, RFC 9110).
    expect((await t.client.get('/api/scripts', { token, headers: { 'if-none-match': etag.slice(2) } })).statusCode).toBe(304);
    expect((await t.client.get('/api/scripts', { token, headers: { 'if-none-match': `W/"other", ${etag}` } })).statusCode).toBe(304);

    // HEAD answers like GET, without a body.
    const head = await t.app.inject({ method: 'HEAD', url: '/api/scripts', headers: { authorization: `Bearer ${token}`, 'if-none-match': etag } });
    expect(head.statusCode).toBe(304);
    expect(head.body).toBe('');

    expect((await t.client.post('/api/scripts', { title: 'new', body: 'b' }, as(token))).statusCode).toBe(201);
    const changed = await t.client.get('/api/scripts', { token, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Paginated<Script>>().total).toBe(1);
  });

  it('marks API answers private and varying by Authorization, so no shared cache mixes users', async () => {
    for (const url of ['/api/scripts', '/api/user', '/api/user/permissions']) {
      const response = await t.client.get(url, as(token));
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-cache');
      expect(String(response.headers.vary).toLowerCase(), url).toContain('authorization');
    }
    const unauthenticated = await t.client.get('/api/scripts');
    expect(unauthenticated.headers['cache-control']).toBe('private, no-cache');
  });

  it('never answers 304 to a change or to an error', async () => {
    const created = await t.client.post('/api/scripts', { title: 'etag edit', body: 'b' }, as(token));
    const id = bodyOf(created).id as string;
    const read = await t.client.get(`/api/scripts/${id}`, as(token));
    const etag = read.headers.etag as string;
    // A PUT carrying If-None-Match of the current state must still answer the edit (not 304).
    const put = await t.client.put(`/api/scripts/${id}`, { title: 'etag edit' }, { token, headers: { 'if-none-match': '*' } });
    expect(put.statusCode).toBe(200);
    expect(put.body).not.toBe('');
    expect(etag).toBeTruthy();
    const unauthorized = await t.client.get('/api/scripts', { headers: { 'if-none-match': '*' } });
    expect(unauthorized.statusCode).toBe(401);
  });
});
