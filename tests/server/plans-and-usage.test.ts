// Plans "locked, not dead" (docs/decisions/plans.md): the plan catalogue, usage counts, a signed-in licence upgrade, the
// script writer's languages, and re-creating a deleted script under its old id (delete → Undo).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplyLicenseResponse, PlansResponse, UsageResponse } from '../../contract/plans';
import { scriptWriterInfo } from '../../contract/script-writer';
import { MAX_WORDS } from '../../server/providers/llm/offline-writer';
import { licenses } from '../../server/db/schema';
import { createLicenses, normaliseLicenseKey } from '../../server/domain/licenses/licenses';
import { sha256Hex } from '../../server/domain/auth/secrets';
import { as, bodyOf, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';

const UNAUTHENTICATED = { message: 'Unauthenticated.' };

describe('plans, usage and licence upgrades', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const licenceRow = async (code: string) => {
    const [row] = await t.database.db.select().from(licenses).where(eq(licenses.codeHash, sha256Hex(normaliseLicenseKey(code))));
    return row!;
  };

  it('GET /api/plans is public and names every plan, lowest first, with what it unlocks', async () => {
    const response = await t.client.get('/api/plans');
    expect(response.statusCode).toBe(200);
    const { data } = response.json<PlansResponse>();
    expect(data.map((plan) => [plan.key, plan.name, plan.rank])).toEqual([
      ['free', 'Free', 0],
      ['creator', 'Creator', 1],
      ['pro', 'Pro', 2],
    ]);
    const [free, creator, pro] = data;
    expect(free!.abilities).not.toContain('can_publish_post');
    expect(creator!.abilities).toContain('can_publish_post');
    expect(pro!.abilities).toEqual(expect.arrayContaining(['can_create_video', 'can_create_series', 'can_publish_post', 'can_create_video_caption']));
    expect(free!.limits.scripts_per_month).toEqual({ value: 20, period: 'month' });
    expect(free!.limits.series).toEqual({ value: 0, period: null });
    expect(creator!.limits.scripts_per_month).toEqual({ value: null, period: 'month' });
  });

  it('GET /api/user/usage needs a token', async () => {
    const response = await t.client.get('/api/user/usage');
    expect(response.statusCode).toBe(401);
    expect(bodyOf(response)).toEqual(UNAUTHENTICATED);
  });

  it('GET /api/user/usage counts this month’s generated scripts, per user only', async () => {
    const alice = await t.client.register(uniqueEmail('usage-a'));
    const bob = await t.client.register(uniqueEmail('usage-b'));
    for (const prompt of ['three tips for basil', 'why cats purr']) {
      const generated = await t.client.post('/api/generate-script', { prompt, video_duration: 20, language: 'english' }, as(alice.token));
      expect(generated.statusCode).toBe(201);
    }
    const mine = (await t.client.get('/api/user/usage', as(alice.token))).json<UsageResponse>();
    const scripts = mine.data.find((row) => row.limit === 'scripts_per_month');
    expect(scripts?.used).toBe(2);
    expect(new Date(scripts!.period_start!).getUTCDate()).toBe(1);
    expect(Date.parse(scripts!.period_end!)).toBeGreaterThan(Date.now());
    const theirs = (await t.client.get('/api/user/usage', as(bob.token))).json<UsageResponse>();
    expect(theirs.data.find((row) => row.limit === 'scripts_per_month')?.used).toBe(0);
  });

  it('POST /api/user/license needs a token', async () => {
    const response = await t.client.post('/api/user/license', { license_key: 'AAAAA-BBBBB-CCCCC-DDDDD' }, { csrf: true });
    expect(response.statusCode).toBe(401);
    expect(bodyOf(response)).toEqual(UNAUTHENTICATED);
  });

  it('POST /api/user/license refuses missing, mistyped and unknown codes with 422 on license_key', async () => {
    const { token } = await t.client.register(uniqueEmail('lic-bad'));
    for (const body of [{}, { license_key: 12345 }, { license_key: '   ' }, { license_key: 'x'.repeat(101) }, { license_key: 'AAAAA-BBBBB-CCCCC-DDDDD' }]) {
      const response = await t.client.post('/api/user/license', body, as(token));
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorsOf(response)).toHaveProperty('license_key');
    }
  });

  it('upgrades at once: plan, permissions and credits; the code is used; sending it again changes nothing', async () => {
    const registered = await t.client.register(uniqueEmail('lic-up'));
    const [code] = await createLicenses(t.database.db, 'creator', 1);
    const before = (await t.client.get('/api/user/permissions', as(registered.token))).json<Record<string, unknown>>();
    expect(before.can_publish_post).toBeUndefined();

    const response = await t.client.post('/api/user/license', { license_key: code!.toLowerCase() }, as(registered.token));
    expect(response.statusCode).toBe(200);
    const body = response.json<ApplyLicenseResponse>();
    expect(body.already_applied).toBe(false);
    expect(body.message).toBe('Licence applied: you are now on the Creator plan.');
    expect(body.user.plan).toBe('creator');
    expect(body.user.plan_name).toBe('Creator');
    expect(body.credits).toBe(registered.credits + 500);
    expect(body.permissions.can_publish_post).toBe(true);
    expect((await t.client.get('/api/user', as(registered.token))).json<{ plan: string }>().plan).toBe('creator');
    expect((await licenceRow(code!)).usedBy).toBe(registered.user.id);

    const again = await t.client.post('/api/user/license', { license_key: code }, as(registered.token));
    expect(again.statusCode).toBe(200);
    expect(again.json<ApplyLicenseResponse>().already_applied).toBe(true);
    expect(again.json<ApplyLicenseResponse>().credits).toBe(body.credits);
  });

  it('a code used by someone else is invalid; a same or lower plan is refused and the code stays unused', async () => {
    const owner = await t.client.register(uniqueEmail('lic-owner'));
    const other = await t.client.register(uniqueEmail('lic-other'));
    const [taken, creatorCode, freeCode] = [
      ...(await createLicenses(t.database.db, 'pro', 1)),
      ...(await createLicenses(t.database.db, 'creator', 1)),
      ...(await createLicenses(t.database.db, 'free', 1)),
    ];
    expect((await t.client.post('/api/user/license', { license_key: taken }, as(owner.token))).statusCode).toBe(200);
    const stolen = await t.client.post('/api/user/license', { license_key: taken }, as(other.token));
    expect(stolen.statusCode).toBe(422);
    expect(messageOf(stolen)).toBe('This licence code is invalid or has already been used.');

    const lower = await t.client.post('/api/user/license', { license_key: creatorCode }, as(owner.token));
    expect(lower.statusCode).toBe(422);
    expect(errorsOf(lower).license_key).toEqual(['This licence is for the Creator plan, which is below your Pro plan. Your plan was not changed and the licence was not used.']);
    expect((await licenceRow(creatorCode!)).usedAt).toBeNull();

    const same = await t.client.post('/api/user/license', { license_key: freeCode }, as(other.token));
    expect(same.statusCode).toBe(422);
    expect(messageOf(same)).toContain('which you already have');
    expect((await licenceRow(freeCode!)).usedAt).toBeNull();
    expect((await t.client.get('/api/user', as(owner.token))).json<{ plan: string }>().plan).toBe('pro');
  });

  it('GET /api/script-writer says which languages the offline writer writes and its word limit; other languages are refused, not answered in English', async () => {
    expect((await t.client.get('/api/script-writer')).statusCode).toBe(401);
    const { token } = await t.client.register(uniqueEmail('writer'));
    // The contract's schema is what the PWA checks the answer with before keeping it offline.
    const info = scriptWriterInfo.parse((await t.client.get('/api/script-writer', as(token))).json());
    expect(info.id).toBe('offline-writer');
    expect(info.languages).toEqual(['english', 'spanish', 'french', 'german', 'italian', 'portuguese', 'dutch']);
    // Its word limit: what the create flow works the longest length a topic can fill from.
    expect(info.max_words).toBe(MAX_WORDS);

    const hindi = await t.client.post('/api/generate-script', { prompt: 'morning yoga', video_duration: 20, language: 'hindi' }, as(token));
    expect(hindi.statusCode).toBe(422);
    expect(errorsOf(hindi).language?.[0]).toMatch(/^Writing in Hindi needs a configured AI model/);
    const spanish = await t.client.post('/api/generate-script', { prompt: 'yoga por la mañana', video_duration: 20, language: 'spanish' }, as(token));
    expect(spanish.statusCode).toBe(201);
    const script = spanish.json<{ script: { body: string; language: string } }>().script;
    expect(script.language).toBe('spanish');
    expect(script.body).toContain('yoga por la mañana');
    expect(script.body).not.toMatch(/\b(the|you|and)\b/);
  });

  it('a deleted script can be created again under its id (Undo after the delete was delivered)', async () => {
    const { token } = await t.client.register(uniqueEmail('undo'));
    const id = crypto.randomUUID();
    const script = { id, title: 'Keep me', body: 'Words', language: 'english', video_duration: 30, prompt: null };
    expect((await t.client.post('/api/scripts', script, as(token))).statusCode).toBe(201);
    expect((await t.client.delete(`/api/scripts/${id}`, as(token))).statusCode).toBe(200);
    const again = await t.client.post('/api/scripts', script, as(token));
    expect(again.statusCode).toBe(201);
    expect((await t.client.get(`/api/scripts/${id}`, as(token))).json<{ title: string }>().title).toBe('Keep me');
  });
});
