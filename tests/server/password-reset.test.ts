// The forgotten-password flow through the mail outbox (no SMTP_URL in tests).
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, users } from '../../server/db/schema';
import { MAIL_OUTBOX_HINT } from '../../server/http/routes/auth';
import { createTestApp, uniqueEmail, type TestApp, bodyOf, errorsOf, messageOf } from './helpers';

const SENT = 'If an account exists for that email, we have emailed a password reset link.';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** The newest mail to `email`, once the queued mail jobs have run. */
  async function lastMailTo(email: string) {
    await t.jobs.drain();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    return mail;
  }

  function linkParts(text: string) {
    const link = /(http\S+\/reset-password\?\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);
    return { url, token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
  }

  it('answers the same 200 for known and unknown emails, mailing only the known one', async () => {
    const email = uniqueEmail('forgot');
    await t.client.register(email);
    const known = await t.client.post('/api/forgot-password', { email });
    const unknownEmail = uniqueEmail('ghost');
    const unknown = await t.client.post('/api/forgot-password', { email: unknownEmail });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    // Development without SMTP: the answer says where the mail can be read — for both alike.
    expect(bodyOf(known)).toEqual({ message: SENT, mail_outbox_hint: MAIL_OUTBOX_HINT });
    expect(bodyOf(unknown)).toEqual(bodyOf(known));
    expect(await lastMailTo(unknownEmail)).toBeUndefined();
    const mail = await lastMailTo(email);
    expect(mail).toBeDefined();
    const { url, email: linkEmail } = linkParts(mail!.textBody);
    expect(`${url.origin}${url.pathname}`).toBe('http://reelflow.test/reset-password');
    expect(linkEmail).toBe(email);
  });

  it('never gives the outbox hint in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await production.client.post('/api/forgot-password', { email: uniqueEmail('prod') });
      expect(bodyOf(response)).toEqual({ message: SENT });
    } finally {
      await production.close();
    }
  });

  it('validates the email', async () => {
    const response = await t.client.post('/api/forgot-password', { email: 'nope' });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toHaveProperty('email');
  });

  it('resets the password once, and signs the user out everywhere', async () => {
    const email = uniqueEmail('reset');
    const { token: session } = await t.client.register(email);
    await t.client.post('/api/forgot-password', { email });
    const { token } = linkParts((await lastMailTo(email))!.textBody);

    const reset = await t.client.post('/api/reset-password', { token, email, password: 'a fresh password', password_confirmation: 'a fresh password' });
    expect(reset.statusCode).toBe(200);
    expect(bodyOf(reset)).toHaveProperty('message');
    expect((await t.client.get('/api/user', { token: session })).statusCode).toBe(401);
    expect((await t.client.post('/api/login', { email, password: 'a fresh password' })).statusCode).toBe(200);

    const again = await t.client.post('/api/reset-password', { token, email, password: 'another password', password_confirmation: 'another password' });
    expect(again.statusCode).toBe(422);
    expect(errorsOf(again)).toHaveProperty('email');
  });

  it('stores only a hash of the reset token', async () => {
    const email = uniqueEmail('hash');
    const { user } = await t.client.register(email);
    await t.client.post('/api/forgot-password', { email });
    const { token } = linkParts((await lastMailTo(email))!.textBody);
    const [row] = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong token, a token for another email and an expired token with 422', async () => {
    const email = uniqueEmail('bad-token');
    const other = uniqueEmail('other');
    const { user } = await t.client.register(email);
    await t.client.register(other);
    await t.client.post('/api/forgot-password', { email });
    const { token } = linkParts((await lastMailTo(email))!.textBody);
    const body = (overrides: Record<string, string>) => ({ token, email, password: 'x new password', password_confirmation: 'x new password', ...overrides });

    for (const payload of [body({ token: 'wrong-token' }), body({ email: other }), body({ email: uniqueEmail('nobody') })]) {
      const response = await t.client.post('/api/reset-password', payload);
      expect(response.statusCode).toBe(422);
      expect(messageOf(response)).toBe('This password reset token is invalid.');
    }

    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, user.id));
    const expired = await t.client.post('/api/reset-password', body({}));
    expect(expired.statusCode).toBe(422);
    // The password did not change.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect((await t.client.post('/api/login', { email, password: 'correct horse battery' })).statusCode).toBe(200);
    expect(row).toBeDefined();
  });

  it('validates the reset body', async () => {
    const response = await t.client.post('/api/reset-password', { email: 'a@example.com', password: 'abc' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorsOf(response))).toEqual(expect.arrayContaining(['token', 'password']));
  });
});
