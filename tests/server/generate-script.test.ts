// POST /api/generate-script: default language, the offline writer and its
// label, credits and their ledger, 402/403 refusals that charge nothing, idempotent replays that
// neither charge twice nor ask the writer again, and writer failures mapped to 502/503.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GenerateScriptResponse, Script, WrittenScript } from '../../contract/scripts';
import { scriptWriterInfo } from '../../contract/script-writer';
import { creditLedger, scripts, users } from '../../server/db/schema';
import { CREDIT_COSTS, LEDGER_REASONS } from '../../server/domain/credits/costs';
import { OfflineScriptWriter, ScriptWriterError, type ScriptBrief, type ScriptWriter } from '../../server/providers/llm';
import { as, bodyOf, createTestApp, errorsOf, messageOf, uniqueEmail, type TestApp } from './helpers';

/** Counts calls and can be told to fail; otherwise writes like the offline writer. */
class FakeWriter implements ScriptWriter {
  readonly id = 'fake-writer';
  readonly label = 'Fake writer (tests)';
  calls: ScriptBrief[] = [];
  failWith: ScriptWriterError | Error | null = null;
  private readonly offline = new OfflineScriptWriter();

  async write(brief: ScriptBrief): Promise<WrittenScript> {
    this.calls.push(brief);
    if (this.failWith) throw this.failWith;
    return this.offline.write(brief);
  }
}

interface Account {
  token: string;
  id: number;
}

async function creditsOf(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.database.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

async function generationsOf(t: TestApp, userId: number) {
  return t.database.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, LEDGER_REASONS.generateScript)));
}

async function scriptsOf(t: TestApp, userId: number) {
  return t.database.db.select().from(scripts).where(eq(scripts.userId, userId));
}

describe('generate-script with the offline writer (no LLM_BASE_URL)', () => {
  let t: TestApp;
  let user: Account;
  beforeAll(async () => {
    t = await createTestApp({ LLM_BASE_URL: '' });
    const registered = await t.client.register(uniqueEmail('gen'));
    user = { token: registered.token, id: registered.user.id };
  });
  afterAll(async () => t.close());

  it('writes an english script sized to the duration, labelled offline, and charges the cost', async () => {
    const before = await creditsOf(t, user.id);
    const response = await t.client.post('/api/generate-script', { prompt: 'Write a video about saving money on groceries', video_duration: 30 }, as(user.token));
    expect(response.statusCode).toBe(201);
    const body = response.json<GenerateScriptResponse>();
    expect(body.writer).toMatch(/offline/i);
    expect(body.credits_charged).toBe(CREDIT_COSTS.generateScript);
    expect(body.credits).toBe(before - CREDIT_COSTS.generateScript);
    expect(body.script).toMatchObject({ language: 'english', video_duration: 30, source: 'offline-writer', prompt: 'Write a video about saving money on groceries' });
    expect(body.script.word_count).toBeGreaterThan(30);
    expect(body.script.body).toContain('saving money on groceries');

    expect(await creditsOf(t, user.id)).toBe(before - CREDIT_COSTS.generateScript);
    const ledger = await generationsOf(t, user.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: -CREDIT_COSTS.generateScript, balanceAfter: body.credits });

    // Saved: it is in "My scripts".
    const read = await t.client.get(`/api/scripts/${body.script.id}`, as(user.token));
    expect(read.json<Script>()).toEqual(body.script);
  });

  it('honours the language and validates the request (422, nothing charged)', async () => {
    const spanish = await t.client.post('/api/generate-script', { prompt: 'recetas rápidas', video_duration: '15', language: 'Spanish' }, as(user.token));
    expect(spanish.statusCode).toBe(201);
    expect(spanish.json<GenerateScriptResponse>().script.language).toBe('spanish');

    const before = await creditsOf(t, user.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ video_duration: 30 }, 'prompt'],
      [{ prompt: 'ok prompt' }, 'video_duration'],
      [{ prompt: 'ok prompt', video_duration: 3 }, 'video_duration'],
      [{ prompt: 'ok prompt', video_duration: 601 }, 'video_duration'],
      [{ prompt: 'ok prompt', video_duration: 'thirty' }, 'video_duration'],
      [{ prompt: 'ok prompt', video_duration: 30, language: 'elvish' }, 'language'],
      [{ prompt: 'x'.repeat(2001), video_duration: 30 }, 'prompt'],
      [{ prompt: 42, video_duration: 30 }, 'prompt'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.client.post('/api/generate-script', payload, as(user.token));
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(422);
      expect(errorsOf(response), JSON.stringify(payload).slice(0, 60)).toHaveProperty(field);
    }
    expect(await creditsOf(t, user.id)).toBe(before);
  });
});

describe('generate-script credits, quota, replays and failures', () => {
  let t: TestApp;
  const writer = new FakeWriter();
  const brief = { prompt: 'A short video about tides', video_duration: 20 };
  const newUser = async (): Promise<Account> => {
    const registered = await t.client.register(uniqueEmail('credits'));
    return { token: registered.token, id: registered.user.id };
  };
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { scriptWriter: writer });
  });
  afterAll(async () => t.close());
  beforeEach(() => {
    writer.calls = [];
    writer.failWith = null;
  });

  it('GET /api/script-writer answers no word limit for a writer without one (an AI model): no length is held back', async () => {
    const user = await newUser();
    const info = scriptWriterInfo.parse((await t.client.get('/api/script-writer', as(user.token))).json());
    expect(info).toMatchObject({ id: 'fake-writer', label: 'Fake writer (tests)', max_words: null });
  });

  it('uses the injected writer and stores its id as the source', async () => {
    const user = await newUser();
    const response = await t.client.post('/api/generate-script', brief, as(user.token));
    expect(response.statusCode).toBe(201);
    expect(bodyOf(response).writer).toBe('Fake writer (tests)');
    expect(response.json<GenerateScriptResponse>().script.source).toBe('fake-writer');
    // A fresh nonce per generation: "Generate again" writes a new draft.
    expect(writer.calls).toHaveLength(1);
    expect(writer.calls[0]).toMatchObject({ prompt: brief.prompt, videoDuration: 20, language: 'english' });
    expect(typeof writer.calls[0]!.nonce).toBe('string');
  });

  it('refuses with 402 and a clear message when credits run out, charging and saving nothing', async () => {
    const user = await newUser();
    await t.database.db.update(users).set({ credits: 0 }).where(eq(users.id, user.id));
    const response = await t.client.post('/api/generate-script', brief, as(user.token));
    expect(response.statusCode).toBe(402);
    expect(messageOf(response)).toBe(`Not enough credits: this costs ${CREDIT_COSTS.generateScript} credit and your balance is 0.`);
    expect(writer.calls).toHaveLength(0);
    expect(await creditsOf(t, user.id)).toBe(0);
    expect(await generationsOf(t, user.id)).toHaveLength(0);
    expect(await scriptsOf(t, user.id)).toHaveLength(0);
  });

  it("refuses with 403 once the free plan's monthly scripts are used up", async () => {
    const user = await newUser();
    for (let i = 0; i < 20; i += 1) {
      const response = await t.client.post('/api/generate-script', { ...brief, prompt: `tides, take ${i}` }, as(user.token));
      expect(response.statusCode, `generation ${i + 1}`).toBe(201);
    }
    const credits = await creditsOf(t, user.id);
    writer.calls = [];
    const refused = await t.client.post('/api/generate-script', brief, as(user.token));
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toMatch(/20 generated scripts a month/);
    expect(writer.calls).toHaveLength(0);
    expect(await creditsOf(t, user.id)).toBe(credits);
    expect(await generationsOf(t, user.id)).toHaveLength(20);
    // Writing by hand is still allowed.
    expect((await t.client.post('/api/scripts', { title: 'by hand', body: 'words' }, as(user.token))).statusCode).toBe(201);
  });

  it('does not let parallel generations overrun the monthly quota', async () => {
    const user = await newUser();
    for (let i = 0; i < 18; i += 1) {
      expect((await t.client.post('/api/generate-script', { ...brief, prompt: `warm up ${i}` }, as(user.token))).statusCode).toBe(201);
    }
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => t.client.post('/api/generate-script', { ...brief, prompt: `race ${i}` }, as(user.token))));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(2);
    expect(codes.filter((c) => c === 403)).toHaveLength(4);
    expect(await generationsOf(t, user.id)).toHaveLength(20);
  });

  it('replays with the same Idempotency-Key without charging twice or asking the writer again', async () => {
    const user = await newUser();
    const key = randomUUID();
    const before = await creditsOf(t, user.id);
    const first = await t.client.post('/api/generate-script', brief, as(user.token, key));
    expect(first.statusCode).toBe(201);
    expect(writer.calls).toHaveLength(1);
    const replay = await t.client.post('/api/generate-script', brief, as(user.token, key));
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(bodyOf(replay)).toEqual(bodyOf(first));
    expect(writer.calls).toHaveLength(1);
    expect(await creditsOf(t, user.id)).toBe(before - CREDIT_COSTS.generateScript);
    expect(await generationsOf(t, user.id)).toHaveLength(1);
    expect(await scriptsOf(t, user.id)).toHaveLength(1);

    // Concurrent duplicates: one charge, one script, whatever the writer was asked.
    const raceKey = randomUUID();
    const raced = await Promise.all(Array.from({ length: 4 }, () => t.client.post('/api/generate-script', brief, as(user.token, raceKey))));
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(raced.map((r) => r.body)).size).toBe(1);
    expect(await generationsOf(t, user.id)).toHaveLength(2);
    expect(await scriptsOf(t, user.id)).toHaveLength(2);

    // The same key with another prompt is refused.
    const reused = await t.client.post('/api/generate-script', { ...brief, prompt: 'something else' }, as(user.token, key));
    expect(reused.statusCode).toBe(422);
    expect(errorsOf(reused)).toHaveProperty('idempotency_key');
  });

  it('maps a retryable writer failure to 503 with Retry-After, charging nothing', async () => {
    const user = await newUser();
    const before = await creditsOf(t, user.id);
    writer.failWith = new ScriptWriterError('The AI provider is busy or failing (HTTP 503); try again shortly.', true);
    const key = randomUUID();
    const response = await t.client.post('/api/generate-script', brief, as(user.token, key));
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(messageOf(response)).toBe('The AI provider is busy or failing (HTTP 503); try again shortly.');
    expect(await creditsOf(t, user.id)).toBe(before);
    expect(await scriptsOf(t, user.id)).toHaveLength(0);
    // The outbox retries with the same key once the provider is back: it goes through.
    writer.failWith = null;
    const retried = await t.client.post('/api/generate-script', brief, as(user.token, key));
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await creditsOf(t, user.id)).toBe(before - CREDIT_COSTS.generateScript);
  });

  it('maps a non-retryable writer failure to 502 without Retry-After, and an unexpected one to 500', async () => {
    const user = await newUser();
    const before = await creditsOf(t, user.id);
    writer.failWith = new ScriptWriterError('The AI provider rejected the configured API key.', false);
    const response = await t.client.post('/api/generate-script', brief, as(user.token));
    expect(response.statusCode).toBe(502);
    expect(response.headers['retry-after']).toBeUndefined();
    expect(messageOf(response)).toBe('The AI provider rejected the configured API key.');

    writer.failWith = new Error('bug with secret detail');
    const crashed = await t.client.post('/api/generate-script', brief, as(user.token));
    expect(crashed.statusCode).toBe(500);
    expect(crashed.body).not.toContain('secret detail');
    expect(await creditsOf(t, user.id)).toBe(before);
    expect(await scriptsOf(t, user.id)).toHaveLength(0);
  });
});
