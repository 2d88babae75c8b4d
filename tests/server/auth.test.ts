// Registration, sign-in, sign-out, the user object, password change and rate limiting.
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../contract/auth';
import { creditLedger, users } from '../../server/db/schema';
import { hitRateLimit, purgeExpiredRateLimits } from '../../server/domain/rate-limits/rate-limits';
import { createTestApp, uniqueEmail, type TestApp, bodyOf, errorsOf } from './helpers';

const PASSWORD = 'correct horse battery';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  describe('POST /api/register', () => {
    it('creates a free user with a token, the signup bonus on the ledger and no hash in the answer', async () => {
      const email = uniqueEmail('Reg').toUpperCase();
      const response = await t.client.post('/api/register', { name: '  Maya  ', email, password: PASSWORD, password_confirmation: PASSWORD });
      expect(response.statusCode).toBe(201);
      const body = response.json<AuthResponse>();
      expect(body.token).toMatch(/^\d+\|[A-Za-z0-9_-]{20,}$/);
      expect(body.user).toMatchObject({ name: 'Maya', email: email.toLowerCase(), plan: 'free', plan_name: 'Free', credits: 50, has_payment_approval: false, skip_payment_approval: false });
      expect(body.credits).toBe(50);
      expect(new Date(body.user.created_at).toISOString()).toBe(body.user.created_at);
      expect(JSON.stringify(body)).not.toMatch(/password|hash|argon/i);

      const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, body.user.id));
      expect(ledger).toEqual([expect.objectContaining({ delta: 50, reason: 'signup bonus', balanceAfter: 50 })]);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    });

    it('refuses a duplicate email (any case) with 422 on email', async () => {
      const email = uniqueEmail('dup');
      await t.client.register(email);
      const response = await t.client.post('/api/register', { name: 'Again', email: email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD });
      expect(response.statusCode).toBe(422);
      expect(bodyOf(response)).toEqual({ message: 'The email has already been taken.', errors: { email: ['The email has already been taken.'] } });
    });

    it('lets exactly one of two concurrent registrations of one email succeed', async () => {
      const email = uniqueEmail('race');
      const payload = { name: 'Racer', email, password: PASSWORD, password_confirmation: PASSWORD };
      const responses = await Promise.all([t.client.post('/api/register', payload), t.client.post('/api/register', payload)]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 422]);
      const loser = responses.find((r) => r.statusCode === 422)!;
      expect(errorsOf(loser)).toEqual({ email: ['The email has already been taken.'] });
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    });

    it('validates every field Laravel-style', async () => {
      const response = await t.client.post('/api/register', {});
      expect(response.statusCode).toBe(422);
      const body = bodyOf(response);
      expect(body.errors).toMatchObject({
        name: ['The name field is required.'],
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      });
      expect(body.message).toBe(Object.values(body.errors as Record<string, string[]>)[0]![0]);
    });

    it('rejects wrong types, bad emails, short, mismatched and oversized values', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 123, email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD }, 'name'],
        [{ name: 'A', email: ['x'], password: PASSWORD, password_confirmation: PASSWORD }, 'email'],
        [{ name: 'A', email: 'not-an-email', password: PASSWORD, password_confirmation: PASSWORD }, 'email'],
        [{ name: 'A', email: uniqueEmail(), password: 'short', password_confirmation: 'short' }, 'password'],
        [{ name: 'A', email: uniqueEmail(), password: PASSWORD, password_confirmation: 'different' }, 'password'],
        [{ name: 'A'.repeat(500), email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD }, 'name'],
        [{ name: 'A', email: `${'a'.repeat(300)}@example.com`, password: PASSWORD, password_confirmation: PASSWORD }, 'email'],
        [{ name: 'A', email: uniqueEmail(), password: 'p'.repeat(201), password_confirmation: 'p'.repeat(201) }, 'password'],
        [{ name: 'A', email: uniqueEmail(), password: { $ne: null }, password_confirmation: PASSWORD }, 'password'],
      ];
      for (const [payload, field] of cases) {
        const response = await t.client.post('/api/register', payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(422);
        expect(errorsOf(response), field).toHaveProperty(field);
      }
    });
  });

  describe('POST /api/login', () => {
    it('signs in with the right password, case-insensitively on the email', async () => {
      const email = uniqueEmail('login');
      await t.client.register(email);
      const response = await t.client.post('/api/login', { email: email.toUpperCase(), password: PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = response.json<AuthResponse>();
      expect(body.token).toMatch(/^\d+\|/);
      expect(body.user.email).toBe(email);
      expect(body.credits).toBe(50);
    });

    it('answers the same 422 for a wrong password and an unknown email', async () => {
      const email = uniqueEmail('wrong');
      await t.client.register(email);
      const expected = { message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } };
      for (const payload of [
        { email, password: 'not the password' },
        { email: uniqueEmail('nobody'), password: PASSWORD },
      ]) {
        const response = await t.client.post('/api/login', payload);
        expect(response.statusCode).toBe(422);
        expect(bodyOf(response)).toEqual(expected);
      }
    });

    it('validates the body', async () => {
      const response = await t.client.post('/api/login', { email: 'x' });
      expect(response.statusCode).toBe(422);
      expect(Object.keys(errorsOf(response))).toEqual(expect.arrayContaining(['email', 'password']));
    });
  });

  describe('bearer tokens', () => {
    it('GET /api/user returns the contract User of the token owner only', async () => {
      const a = await t.client.register(uniqueEmail('owner-a'));
      const b = await t.client.register(uniqueEmail('owner-b'));
      const asA = await t.client.get('/api/user', { token: a.token });
      const asB = await t.client.get('/api/user', { token: b.token });
      expect(bodyOf(asA)).toMatchObject({ id: a.user.id, email: a.user.email });
      expect(bodyOf(asB)).toMatchObject({ id: b.user.id, email: b.user.email });
      expect(Object.keys(bodyOf(asA)).sort()).toEqual(
        ['created_at', 'credits', 'email', 'has_payment_approval', 'id', 'name', 'plan', 'plan_name', 'skip_payment_approval', 'updated_at'].sort(),
      );
    });

    it('answers 401 Unauthenticated to a missing, malformed, forged or foreign-id token', async () => {
      const a = await t.client.register(uniqueEmail('forge'));
      const [id] = a.token.split('|');
      const b = await t.client.register(uniqueEmail('forge-b'));
      const [, secretB] = b.token.split('|');
      for (const token of [undefined, 'garbage', `${id}|${'x'.repeat(40)}`, `${id}|${secretB}`, '99999999|aaaaaaaaaaaaaaaaaaaaaaaa', '9999999999999|aaaaaaaaaaaaaaaaaaaaaaaa']) {
        const response = await t.client.get('/api/user', token ? { token } : {});
        expect(response.statusCode, String(token)).toBe(401);
        expect(bodyOf(response)).toEqual({ message: 'Unauthenticated.' });
      }
      const wrongScheme = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Basic ${a.token}` } });
      expect(wrongScheme.statusCode).toBe(401);
    });

    it('POST /api/logout revokes only that token', async () => {
      const email = uniqueEmail('logout');
      const first = await t.client.register(email);
      const second = (await t.client.post('/api/login', { email, password: PASSWORD })).json<{ token: string }>();
      const response = await t.client.post('/api/logout', undefined, { token: first.token });
      expect(response.statusCode).toBe(200);
      expect(bodyOf(response)).toHaveProperty('message');
      expect((await t.client.get('/api/user', { token: first.token })).statusCode).toBe(401);
      // The revoked token is 401 on POST too (never 419: the client must sign in, not refresh CSRF).
      const revoked = await t.client.post('/api/logout', undefined, { token: first.token });
      expect(revoked.statusCode).toBe(401);
      expect(bodyOf(revoked)).toEqual({ message: 'Unauthenticated.' });
      expect((await t.client.get('/api/user', { token: second.token })).statusCode).toBe(200);
    });

    it('POST /api/logout without a token is 401 (with CSRF satisfied)', async () => {
      const response = await t.client.post('/api/logout');
      expect(response.statusCode).toBe(401);
    });
  });

  describe('POST /api/user/change-password', () => {
    it('refuses a wrong current password with 422 on current_password', async () => {
      const { token } = await t.client.register(uniqueEmail('cp-wrong'));
      const response = await t.client.post('/api/user/change-password', { current_password: 'nope nope', password: 'new password 1', password_confirmation: 'new password 1' }, { token });
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)).toHaveProperty('current_password');
    });

    it('changes the password, keeps the current token and revokes the others', async () => {
      const email = uniqueEmail('cp');
      const current = await t.client.register(email);
      const other = (await t.client.post('/api/login', { email, password: PASSWORD })).json<{ token: string }>();
      const response = await t.client.post(
        '/api/user/change-password',
        { current_password: PASSWORD, password: 'brand new password', password_confirmation: 'brand new password' },
        { token: current.token },
      );
      expect(response.statusCode).toBe(200);
      expect((await t.client.get('/api/user', { token: current.token })).statusCode).toBe(200);
      expect((await t.client.get('/api/user', { token: other.token })).statusCode).toBe(401);
      expect((await t.client.post('/api/login', { email, password: PASSWORD })).statusCode).toBe(422);
      expect((await t.client.post('/api/login', { email, password: 'brand new password' })).statusCode).toBe(200);
    });

    it('needs a token and validates the body', async () => {
      expect((await t.client.post('/api/user/change-password', {})).statusCode).toBe(401);
      const { token } = await t.client.register(uniqueEmail('cp-val'));
      const response = await t.client.post('/api/user/change-password', { current_password: PASSWORD, password: 'x' }, { token });
      expect(response.statusCode).toBe(422);
      expect(errorsOf(response)).toHaveProperty('password');
    });
  });
});

describe('login rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT_MAX: '3',
      LOGIN_RATE_LIMIT_WINDOW: '1 minute',
      RATE_LIMIT_CREDENTIALS_PER_ADDRESS: '6 per minute',
      RATE_LIMIT_REGISTER: '2 per hour',
      RATE_LIMIT_PASSWORD_CHANGE: '2 per minute',
      RATE_LIMIT_LICENSE: '2 per minute',
      RATE_LIMIT_GENERATE: '2 per minute',
    });
  });
  afterAll(async () => t.close());

  /** A 429 that says when to retry, in the header and in the message. */
  function expectRetryLater(response: LightMyRequestResponse) {
    expect(response.statusCode).toBe(429);
    const seconds = Number(response.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(bodyOf(response)).toEqual({ message: `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.` });
  }

  // A public POST from a given address. The (invalid) bearer header stands in for the CSRF pair:
  // it proves intent like a real client's, and a bad token on a public route counts as a guest.
  const postFrom = (address: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, remoteAddress: address, headers: { authorization: 'Bearer x' }, payload });
  const wrongLogin = (address: string, email: string) => postFrom(address, '/api/login', { email, password: 'wrong password' });

  it('limits sign-in per account (any address), and says when to retry', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 3; i++) expect((await wrongLogin('198.51.100.1', email)).statusCode).toBe(422);
    expectRetryLater(await wrongLogin('198.51.100.1', email));
    // From another address the account is still limited: guesses are counted per account.
    expectRetryLater(await wrongLogin('198.51.100.2', email));
    // Another email has its own per-account budget.
    expect((await wrongLogin('198.51.100.3', uniqueEmail('other'))).statusCode).toBe(422);
  });

  it('limits sign-in per address (any account)', async () => {
    for (let i = 0; i < 6; i++) expect((await wrongLogin('203.0.113.9', uniqueEmail(`spray${i}`))).statusCode).toBe(422);
    expectRetryLater(await wrongLogin('203.0.113.9', uniqueEmail('spray-more')));
  });

  it('cannot be reset by flooding the limiter with other keys', async () => {
    const email = uniqueEmail('victim');
    for (let i = 0; i < 3; i++) await wrongLogin('198.51.100.20', email);
    // 2,000 other keys (an in-memory LRU of 1,000 would have evicted the victim's counter).
    for (let i = 0; i < 2000; i++) await hitRateLimit(t.database.db, `login:account|flood-${i}@example.com`, 60_000);
    expectRetryLater(await wrongLogin('198.51.100.21', email));
    // 2,000 sequential statements: seconds on a quiet machine, much longer on a busy one.
  }, 180_000);

  it('starts a counter over once its window has passed, and the purge removes only expired ones', async () => {
    const live = await hitRateLimit(t.database.db, 'test:live', 60_000);
    expect(live.hits).toBe(1);
    expect((await hitRateLimit(t.database.db, 'test:live', 60_000)).hits).toBe(2);
    await hitRateLimit(t.database.db, 'test:short', 1);
    await t.database.db.execute(sql`update rate_limits set resets_at = now() - interval '1 second' where bucket_key = 'test:short'`);
    expect((await hitRateLimit(t.database.db, 'test:short', 60_000)).hits).toBe(1);
    await t.database.db.execute(sql`update rate_limits set resets_at = now() - interval '1 second' where bucket_key = 'test:short'`);
    expect(await purgeExpiredRateLimits(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.execute(sql`select bucket_key from rate_limits where bucket_key like 'test:%'`);
    expect((left as { rows: { bucket_key: string }[] }).rows.map((row) => row.bucket_key)).toEqual(['test:live']);
  });

  it('limits registration and licence checks per address', async () => {
    const post = (url: string, payload: object) => postFrom('192.0.2.44', url, payload);
    const account = () => ({ name: 'N', email: uniqueEmail('reg'), password: PASSWORD, password_confirmation: PASSWORD });
    for (let i = 0; i < 2; i++) expect((await post('/api/register', account())).statusCode).toBe(201);
    expectRetryLater(await post('/api/register', account()));
    for (let i = 0; i < 2; i++) expect((await post('/validate-license', { license_key: 'AAAAA-BBBBB' })).statusCode).toBe(422);
    expectRetryLater(await post('/validate-license', { license_key: 'AAAAA-BBBBB' }));
    expectRetryLater(await post('/api/register-with-license', { ...account(), license_key: 'AAAAA-BBBBB' }));
  });

  it('limits guesses of the current password and script generation per user', async () => {
    const registered = await postFrom('192.0.2.45', '/api/register', { name: 'N', email: uniqueEmail('guess'), password: PASSWORD, password_confirmation: PASSWORD });
    const { token } = registered.json<{ token: string }>();
    const guess = () => t.client.post('/api/user/change-password', { current_password: 'guess', password: 'new password 1', password_confirmation: 'new password 1' }, { token });
    for (let i = 0; i < 2; i++) expect((await guess()).statusCode).toBe(422);
    expectRetryLater(await guess());
    const generate = () => t.client.post('/api/generate-script', { prompt: 'a video about tea', video_duration: 30 }, { token });
    for (let i = 0; i < 2; i++) expect((await generate()).statusCode).toBe(201);
    expectRetryLater(await generate());
  });

  it('limits forgot-password too', async () => {
    const email = uniqueEmail('forgot-limited');
    for (let i = 0; i < 3; i++) expect((await t.client.post('/api/forgot-password', { email })).statusCode).toBe(200);
    const limited = await t.client.post('/api/forgot-password', { email });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});
