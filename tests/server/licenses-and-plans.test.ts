// Licences (validation, registration, single use under concurrency), plan permissions and the
// payment-approval read.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '../../contract/auth';
import { ART_STYLES } from '../../contract/permissions';
import { licenses, users } from '../../server/db/schema';
import { createLicenses } from '../../server/domain/licenses/licenses';
import { createTestApp, uniqueEmail, type TestApp, bodyOf, errorsOf } from './helpers';

const PASSWORD = 'licensed password';
const INVALID = 'This licence code is invalid or has already been used.';

describe('licences', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const registration = (license_key: string, email = uniqueEmail('lic')) => ({ name: 'Leo', email, password: PASSWORD, password_confirmation: PASSWORD, license_key });

  it('stores only a hash and a display prefix', async () => {
    const [code] = await createLicenses(t.database.db, 'creator', 1);
    expect(code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    const rows = await t.database.db.select().from(licenses).where(eq(licenses.displayPrefix, code!.slice(0, 5)));
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(code!.replace(/-/g, ''));
  });

  it('POST /validate-license answers the plan of an unused code, forgivingly typed', async () => {
    const [code] = await createLicenses(t.database.db, 'creator', 1);
    for (const typed of [code!, code!.toLowerCase(), ` ${code!.replace(/-/g, ' ')} `]) {
      const response = await t.client.post('/validate-license', { license_key: typed });
      expect(response.statusCode, typed).toBe(200);
      expect(bodyOf(response)).toEqual({ valid: true, plan: { key: 'creator', name: 'Creator' } });
    }
  });

  it('POST /validate-license refuses unknown and missing codes with 422 on license_key', async () => {
    const unknown = await t.client.post('/validate-license', { license_key: 'AAAAA-BBBBB-CCCCC-DDDDD' });
    expect(unknown.statusCode).toBe(422);
    expect(bodyOf(unknown)).toEqual({ message: INVALID, errors: { license_key: [INVALID] } });
    const missing = await t.client.post('/validate-license', {});
    expect(missing.statusCode).toBe(422);
    expect(errorsOf(missing)).toHaveProperty('license_key');
    const wrongType = await t.client.post('/validate-license', { license_key: 12345 });
    expect(wrongType.statusCode).toBe(422);
  });

  it('registers with the licence plan and marks it used', async () => {
    const [code] = await createLicenses(t.database.db, 'creator', 1);
    const response = await t.client.post('/api/register-with-license', registration(code!));
    expect(response.statusCode).toBe(201);
    const body = response.json<AuthResponse>();
    expect(body.user.plan).toBe('creator');
    expect(body.credits).toBe(500);
    expect(body.token).toMatch(/^\d+\|/);
    const permissions = bodyOf((await t.client.get('/api/user/permissions', { token: body.token })));
    expect(permissions.can_publish_post).toBe(true);

    const [row] = await t.database.db.select().from(licenses).where(eq(licenses.usedBy, body.user.id));
    expect(row!.usedAt).toBeInstanceOf(Date);
    expect((await t.client.post('/validate-license', { license_key: code })).statusCode).toBe(422);
    const reuse = await t.client.post('/api/register-with-license', registration(code!));
    expect(reuse.statusCode).toBe(422);
    expect(errorsOf(reuse)).toHaveProperty('license_key');
  });

  it('lets exactly one of two concurrent redemptions succeed, leaving no orphan account', async () => {
    const [code] = await createLicenses(t.database.db, 'pro', 1);
    const emails = [uniqueEmail('race-a'), uniqueEmail('race-b')];
    const responses = await Promise.all(emails.map((email) => t.client.post('/api/register-with-license', registration(code!, email))));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 422]);
    const loser = emails[responses.findIndex((r) => r.statusCode === 422)]!;
    expect(await t.database.db.select().from(users).where(eq(users.email, loser))).toEqual([]);
  });

  it('does not consume the licence when the registration itself fails', async () => {
    const [code] = await createLicenses(t.database.db, 'creator', 1);
    const email = uniqueEmail('taken');
    await t.client.register(email);
    const response = await t.client.post('/api/register-with-license', registration(code!, email));
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)).toHaveProperty('email');
    expect((await t.client.post('/validate-license', { license_key: code })).statusCode).toBe(200);
  });

  it('validates the registration body', async () => {
    const response = await t.client.post('/api/register-with-license', { name: 'x' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(errorsOf(response))).toEqual(expect.arrayContaining(['email', 'password', 'license_key']));
  });
});

describe('plans and permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function tokenOnPlan(plan: string) {
    const { token, user } = await t.client.register(uniqueEmail(plan));
    await t.database.db.update(users).set({ plan }).where(eq(users.id, user.id));
    return token;
  }

  it('free: video and captions, limited counts, a subset of art styles, no series or publishing', async () => {
    const { token } = await t.client.register(uniqueEmail('free'));
    const response = await t.client.get('/api/user/permissions', { token });
    expect(response.statusCode).toBe(200);
    const p = bodyOf(response);
    expect(p).toMatchObject({ full_access: false, has_full_access: false, can_create_video: true, can_create_video_caption: true });
    expect(p).not.toHaveProperty('can_create_series');
    expect(p).not.toHaveProperty('can_publish_post');
    expect(p.videos_per_month_limit).toBe(5);
    expect(p.has_unlimited_videos_per_month).toBe(false);
    expect(p.videos_per_month_display).toBe('5 per month');
    expect(p.series_limit).toBe(0);
    expect(p.has_unlimited_series).toBe(false);
    expect(Array.isArray(p.allowed_art_styles)).toBe(true);
    expect((p.allowed_art_styles as string[]).length).toBeLessThan(ART_STYLES.length);
    for (const style of p.allowed_art_styles as string[]) expect(ART_STYLES).toContain(style);
    // Every *_limit has its has_unlimited_* and *_display companions.
    for (const key of Object.keys(p).filter((k) => k.endsWith('_limit'))) {
      const name = key.slice(0, -'_limit'.length);
      expect(p).toHaveProperty(`has_unlimited_${name}`);
      expect(p).toHaveProperty(`${name}_display`);
    }
  });

  it('creator: series and publishing, some unlimited', async () => {
    const p = bodyOf((await t.client.get('/api/user/permissions', { token: await tokenOnPlan('creator') })));
    expect(p).toMatchObject({ can_create_series: true, can_publish_post: true, full_access: false });
    expect(p.scripts_per_month_limit).toBeNull();
    expect(p.has_unlimited_scripts_per_month).toBe(true);
    expect(p.scripts_per_month_display).toBe('Unlimited');
    expect(p.series_limit).toBeGreaterThan(0);
  });

  it('pro: full access', async () => {
    const p = bodyOf((await t.client.get('/api/user/permissions', { token: await tokenOnPlan('pro') })));
    expect(p.full_access).toBe(true);
    expect(p.has_full_access).toBe(true);
    expect(p.allowed_art_styles ?? null).toBeNull();
  });

  it('needs a token', async () => {
    expect((await t.client.get('/api/user/permissions')).statusCode).toBe(401);
  });

  it('GET /api/stripe/payment-approval reads the stored flags of the token owner', async () => {
    const a = await t.client.register(uniqueEmail('pay-a'));
    const b = await t.client.register(uniqueEmail('pay-b'));
    await t.database.db
      .update(users)
      .set({ hasPaymentApproval: true, hasPaymentMethod: true, paymentApprovalMeta: JSON.stringify({ card: 'visa' }) })
      .where(eq(users.id, a.user.id));
    const asA = bodyOf((await t.client.get('/api/stripe/payment-approval', { token: a.token })));
    expect(asA).toEqual({
      success: true,
      has_payment_approval: true,
      has_payment_method: true,
      skip_payment_approval: false,
      original_payment_approval: true,
      payment_approval_meta: '{"card":"visa"}',
    });
    const asB = bodyOf((await t.client.get('/api/stripe/payment-approval', { token: b.token })));
    expect(asB).toMatchObject({ success: true, has_payment_approval: false, has_payment_method: false, payment_approval_meta: null });
    expect((await t.client.get('/api/stripe/payment-approval')).statusCode).toBe(401);
  });
});
