// Every route, every kind of malformed input: no 5xx, ever. The routes are not listed
// here — they are read from the app itself (buildApp records each registered method + URL), so
// an endpoint added later joins this test without anyone touching it. Path parameters are filled
// with bad ids. To cover a new kind of bad input, add an entry to BODIES, HEADERS, IDS or
// QUERIES; a route that needs a special case does not exist (that would be the bug).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { users } from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { issueToken } from '../../server/domain/auth/tokens';
import { canonical } from '../../server/domain/idempotency/idempotency';
import { MAX_JSON_DEPTH } from '../../server/http/body-parser';
import { ApiClient, as, bodyOf, createTestDatabase, errorsOf, uniqueEmail, type TestDatabase } from './helpers';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** Field names our routes read, so wrong types and bad text reach the validators. */
const FIELDS = ['email', 'password', 'password_confirmation', 'current_password', 'name', 'token', 'license_key', 'title', 'body', 'prompt', 'id', 'language', 'video_duration', 'tone', 'path', 'message', 'argv', 'rate', 'kinds', 'paths', 'seed', 'video_id', 'account_ids', 'caption', 'scheduled_at', 'timezone', 'options', 'csv', 'rows', 'status', 'wizard_step', 'description', 'tags', 'hashtags', 'topic', 'style', 'cadence', 'time_zone', 'destinations', 'review_mode', 'lead_hours', 'weekly_credit_cap', 'never_again', 'note', 'timeline', 'revision', 'credits'];
const everyField = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));

/** A body as sent on the wire: payload text and its content type. */
interface RawBody {
  label: string;
  payload: string | Buffer;
  contentType: string;
}
const json = (label: string, value: unknown): RawBody => ({ label, payload: JSON.stringify(value), contentType: 'application/json' });
const raw = (label: string, payload: string | Buffer, contentType = 'application/json'): RawBody => ({ label, payload, contentType });

const BODIES: RawBody[] = [
  json('numbers everywhere', everyField(123)),
  json('arrays everywhere', everyField(['a', 1])),
  json('objects everywhere', everyField({ nested: true })),
  json('nulls everywhere', everyField(null)),
  json('booleans everywhere', everyField(true)),
  json('NUL bytes', everyField('a\u0000b')),
  json('NUL in a key', { 'ti\u0000tle': 'x', email: 'a@example.com' }),
  raw('lone surrogates', `{${FIELDS.map((f) => `"${f}":"x\\ud800y"`).join(',')}}`),
  raw('lone low surrogate key', '{"\\udc00":"x","title":"\\udfff"}'),
  json('huge strings', everyField('x'.repeat(100_000))),
  json('well-formed but plausible', { email: 'a@example.com', password: 'p'.repeat(8), title: 't', body: 'b', prompt: 'abc', video_duration: 1e308, language: 'klingon', tone: 'sarcastic', id: 'not-a-uuid', path: '/', message: 'm', argv: [] }),
  raw('over the size limit', `{"body":"${'x'.repeat(1_100_000)}"}`),
  raw(`nested deeper than ${MAX_JSON_DEPTH} (arrays)`, nested(5_000)),
  raw(`nested deeper than ${MAX_JSON_DEPTH} (objects)`, nestedObject(100_000)),
  raw('nested just within the limit', `{"title":${nested(MAX_JSON_DEPTH - 1)}}`),
  raw('array body', '[1,2,3]'),
  raw('string body', '"hello"'),
  raw('null body', 'null'),
  raw('invalid JSON', '{"email": '),
  raw('empty JSON', ''),
  raw('prototype poisoning', '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}'),
  raw('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
  raw('plain text', 'email=a@example.com', 'text/plain'),
  raw('form encoded', 'email=a%40example.com&password=x', 'application/x-www-form-urlencoded'),
  raw('xml', '<a>1</a>', 'application/xml'),
  raw('broken multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n', 'multipart/form-data; boundary=x'),
  raw('json with a bad charset', '{"a":1}', 'application/json; charset=ebcdic'),
];

/** Headers that must never cause a 5xx (added on top of a body-less request). */
const HEADERS: { label: string; headers: Record<string, string> }[] = [
  { label: 'garbage Authorization', headers: { authorization: 'Bearer !!!' } },
  { label: 'empty Bearer', headers: { authorization: 'Bearer ' } },
  { label: 'forged token id', headers: { authorization: `Bearer 999999999999999999999|${'a'.repeat(40)}` } },
  { label: 'overlong token', headers: { authorization: `Bearer 1|${'a'.repeat(8000)}` } },
  { label: 'non-bearer Authorization', headers: { authorization: 'Basic YTpi' } },
  { label: 'bad Idempotency-Key (spaces, long)', headers: { 'idempotency-key': `${'k '.repeat(200)}` } },
  { label: 'unicode Idempotency-Key', headers: { 'idempotency-key': 'ключ' } },
  { label: 'bad If-None-Match', headers: { 'if-none-match': 'W/"", *, "unterminated, W/W/W/' } },
  { label: 'bad If-Match', headers: { 'if-match': 'W/"r", "r99999999999", *' } },
  { label: 'bad cookies', headers: { cookie: 'XSRF-TOKEN=%E0%A4%A; ;;=; a', 'x-xsrf-token': '%E0%A4%A' } },
  { label: 'bad sandbox cookies', headers: { cookie: `sandbox_session=${'s'.repeat(5000)}; sandbox_consent=%00; sandbox_session=%E0%A4%A` } },
  { label: 'bad Content-Type', headers: { 'content-type': 'application/json; boundary=;;;' } },
  { label: 'bad Accept', headers: { accept: ';;;/;q=abc', 'accept-encoding': 'br;q=x, *;q=-1' } },
  { label: 'huge User-Agent', headers: { 'user-agent': 'u'.repeat(10_000) } },
];

/** Values for every path parameter (`:id`, `*`). */
const IDS = ['not-a-uuid', '0', '-1', '9'.repeat(400), '%00', '%E0%A4%A', "'%20OR%201=1--", '..%2F..%2Fetc%2Fpasswd', '00000000-0000-4000-8000-000000000000'];
const QUERIES = ['?page=-1&per_page=abc', '?page=1e309&per_page=99999999', '?search=%00', `?search=${'s'.repeat(5000)}`, '?search=%E0%A4%A', '?page[]=1&page[]=2&search[a]=b', '?token=%00&email=%ud800', `?/u1_${'0'.repeat(32)}/`];

function fillPath(url: string, id: string): string {
  return url.replace(/:[A-Za-z_]+/g, id).replace(/\*$/, id);
}

describe('malformed input on every route', () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let userId: number;
  const fiveHundreds: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    // Test mode and the admin channel add their routes, and a built client adds the static ones:
    // the walk covers everything the app can serve.
    clientDir = mkdtempSync(join(tmpdir(), 'reelflow-malformed-client-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Reelflow</title>');
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A speech engine is configured (an address nothing listens on: no valid request gets that
    // far), so transcription bodies reach their validators instead of the "no engine" 503.
    testDb = await createTestDatabase({ REELFLOW_TEST_MODE: '1', CLIENT_DIR: clientDir, STT_PROVIDER: 'openai', STT_OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    database = await testDb.open();
    app = await buildApp({ config: testDb.config, database, logger: false, adminSecret: 'malformed-input-admin-secret' });
    await app.ready();
    userId = (await new ApiClient(app).register(uniqueEmail('malformed'))).user.id;
    // A plan that holds every ability (publishing included), so bodies reach every validator.
    await database.db.update(users).set({ plan: 'creator' }).where(eq(users.id, userId));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await testDb.cleanup();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** Sends one request as a guest or as a freshly signed-in user (logout may revoke a token). */
  async function send(options: InjectOptions & { url: string; method: string }, signedIn: boolean): Promise<void> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (signedIn && !headers.authorization) headers.authorization = `Bearer ${await issueToken(database.db, userId)}`;
    if (!signedIn && !headers.cookie) {
      headers.cookie = 'XSRF-TOKEN=malformed-test';
      headers['x-xsrf-token'] = 'malformed-test';
    }
    requests += 1;
    const response = await app.inject({ ...options, headers });
    if (response.statusCode >= 500) fiveHundreds.push(`${response.statusCode} ${options.method} ${options.url} ${signedIn ? 'signed in' : 'guest'}: ${response.body.slice(0, 200)}`);
  }

  it('finds the routes in the app itself', () => {
    const routes = app.registeredRoutes.map((route) => `${route.method} ${route.url}`);
    for (const expected of ['POST /api/login', 'GET /api/scripts/:id', 'PUT /api/scripts/:id', 'POST /api/create/error', 'POST /internal/admin', 'POST /api/create/post', 'GET /api/get/calendar/', 'DELETE /api/failed-jobs/:id', 'DELETE /api/ai-videos/:id', 'GET /api/builtin-music', 'GET /api/series', 'GET /api/series/:id', 'GET /api/series/:id/episodes', 'POST /api/series', 'PUT /api/series/:id', 'DELETE /api/series/:id']) {
      expect(routes).toContain(expected);
    }
    const resumableUploads = ['HEAD /api/uploads/:id', 'PATCH /api/uploads/:id', 'DELETE /api/uploads/:id'];
    const seriesEpisodes = ['POST /api/series/:id/episodes/:episodeId/approve', 'POST /api/series/:id/episodes/:episodeId/reject', 'POST /api/series/:id/generate-next', 'POST /api/series/:id/sample'];
    const limitedOrReplayed = ['PUT /api/transcriptions/:id', 'POST /api/transcriptions/:id/render', 'POST /api/schedule/import/preview', 'POST /api/ai-videos/:id/restart', 'POST /api/voices/preview', 'GET /api/builtin-music/:id/preview'];
    const editor = ['GET /api/ai-videos/:id/timeline', 'PUT /api/ai-videos/:id/timeline', 'POST /api/ai-videos/:id/versions', 'DELETE /api/ai-videos/:id/versions/:version'];
    for (const expected of [...resumableUploads, ...limitedOrReplayed, ...seriesEpisodes, ...editor]) expect(routes).toContain(expected);
  });

  it('answers every route, signed in and not, with no 5xx', async () => {
    const routes = app.registeredRoutes.filter((route) => route.method !== 'OPTIONS');
    for (const route of routes) {
      for (const signedIn of [false, true]) {
        for (const id of route.url.includes(':') || route.url.endsWith('*') ? IDS : ['x']) {
          const url = fillPath(route.url, id);
          for (const query of ['', ...QUERIES]) await send({ method: route.method, url: `${url}${query}` }, signedIn);
          for (const { headers } of HEADERS) await send({ method: route.method, url, headers }, signedIn);
          if (route.method === 'GET' || route.method === 'HEAD') continue;
          for (const body of BODIES) await send({ method: route.method, url, payload: body.payload, headers: { 'content-type': body.contentType } }, signedIn);
        }
      }
    }
    expect(requests).toBeGreaterThan(1000);
    expect(fiveHundreds).toEqual([]);
  }, 600_000);
});

describe('what malformed input gets', () => {
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  let client: ApiClient;
  let token: string;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
    app = await buildApp({ config: testDb.config, database, logger: false });
    client = new ApiClient(app);
    token = (await client.register(uniqueEmail('shapes'))).token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await testDb.cleanup();
  });

  it('a NUL byte or a lone surrogate is a 422 on that field', async () => {
    const nul = await client.post('/api/scripts', { title: 'a\u0000b', body: 'fine' }, as(token));
    expect(nul.statusCode).toBe(422);
    expect(errorsOf(nul)).toEqual({ title: ['The title field contains characters that cannot be stored.'] });
    const surrogate = await app.inject({
      method: 'POST',
      url: '/api/scripts',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"title":"ok","body":"x\\ud800"}',
    });
    expect(surrogate.statusCode).toBe(422);
    expect(errorsOf(surrogate)).toHaveProperty('body');
    const search = await client.get('/api/scripts?search=%00', as(token));
    expect(search.statusCode).toBe(422);
    expect(errorsOf(search)).toHaveProperty('search');
    const login = await client.post('/api/login', { email: 'a@example.com', password: 'x\u0000' });
    expect(errorsOf(login)).toHaveProperty('password');
  });

  it(`a body nested deeper than ${MAX_JSON_DEPTH} levels is a 422 on body; one within it is read normally`, async () => {
    const deep = await app.inject({ method: 'POST', url: '/api/scripts', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: `{"title":${nested(MAX_JSON_DEPTH)}}` });
    expect(deep.statusCode).toBe(422);
    expect(bodyOf(deep)).toEqual({ message: `The request body must not be nested deeper than ${MAX_JSON_DEPTH} levels.`, errors: { body: [`The request body must not be nested deeper than ${MAX_JSON_DEPTH} levels.`] } });
    const within = await app.inject({ method: 'POST', url: '/api/scripts', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, payload: `{"title":${nested(MAX_JSON_DEPTH - 1)}}` });
    expect(within.statusCode).toBe(422);
    expect(errorsOf(within)).toHaveProperty('title');
    // Brackets inside strings do not count.
    const inString = await client.post('/api/scripts', { title: '['.repeat(100), body: '{'.repeat(100) }, as(token));
    expect(inString.statusCode).toBe(201);
  });

  it('the idempotency fingerprint handles any depth without recursion', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? [deep] : { k: deep, a: undefined };
    expect(() => canonical(deep)).not.toThrow();
    expect(canonical({ b: [1, { d: null, c: 'x' }], a: undefined, c: true })).toBe('{"b":[1,{"c":"x","d":null}],"c":true}');
  });
});

describe('how client mistakes are logged', () => {
  let log = '';
  let testDb: TestDatabase;
  let database: Database;
  let app: FastifyInstance;
  let client: ApiClient;
  let token: string;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    testDb = await createTestDatabase({ LOG_LEVEL: 'info' });
    database = await testDb.open();
    app = await buildApp({ config: testDb.config, database, logStream: stream });
    client = new ApiClient(app);
    token = (await client.register(uniqueEmail('log-lines'))).token;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await testDb.cleanup();
  });
  /** The lines logged while `send` ran. */
  const linesOf = async (send: () => Promise<unknown>): Promise<string[]> => {
    const from = log.length;
    await send();
    return log.slice(from).split('\n').filter(Boolean);
  };

  it('a NUL byte in the email of sign-in, forgot-password and reset-password is a 422 on email, before the rate limits store it: no stack logged', async () => {
    for (const url of ['/api/login', '/api/forgot-password', '/api/reset-password']) {
      const lines = await linesOf(async () => {
        const response = await client.post(url, { email: 'a\u0000b@example.com', password: 'p'.repeat(10), password_confirmation: 'p'.repeat(10), token: 't' });
        expect(response.statusCode, url).toBe(422);
        expect(errorsOf(response), url).toEqual({ email: ['The email field contains characters that cannot be stored.'] });
      });
      expect(lines.join('\n'), url).not.toMatch(/"stack"|database refused/);
    }
  });

  it('a broken multipart body is a 400 logged as one line without a stack', async () => {
    for (const url of ['/api/upload-music', '/api/transcriptions']) {
      const lines = await linesOf(async () => {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
        });
        expect(response.statusCode, url).toBe(400);
      });
      expect(lines, url).toHaveLength(1);
      expect(JSON.parse(lines[0]!), url).toMatchObject({ level: 30, msg: 'unreadable multipart upload', reason: expect.stringMatching(/Unexpected end of/) as unknown });
      expect(lines[0], url).not.toMatch(/"stack"|\bat /);
    }
  });
});
