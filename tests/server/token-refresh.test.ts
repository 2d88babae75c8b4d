// Tokens refreshed before they expire: the refresh-tokens job's work,
// run directly (pg-boss's schedule is checked in jobs.test.ts) against the app's real token service
// and the built-in YouTube sandbox. Accounts are connected the way a browser does it; "about to
// expire" is set on the stored row (the sandbox's tokens last an hour).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Paginated } from '../../contract/http';
import type { ConnectResponse, SandboxSimulation, SocialAccount } from '../../contract/publishing';
import { posts, postTargets, socialAccounts, users } from '../../server/db/schema';
import { tokenContext } from '../../server/domain/social/accounts';
import { accountsDueForRefresh, refreshDueTokens } from '../../server/domain/social/token-refresh';
import type { PublishScheduler } from '../../server/domain/social/types';
import { createSocialProviders, type SocialSetup } from '../../server/providers/social';
import { submitConsent } from './fakes/youtube-sandbox-consent';
import { as, createTestApp, uniqueEmail, type TestApp } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('refresh-tokens job', () => {
  let t: TestApp;
  let sandbox: SocialSetup;
  // Targets are not published here: the job is what is under test.
  const scheduler: PublishScheduler = { schedule: () => Promise.resolve() };
  let user: { token: string; id: number };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CONNECT: '1000 per minute' }, undefined, { publishScheduler: scheduler });
    sandbox = createSocialProviders(t.config, { db: t.database.db });
    const registered = await t.client.register(uniqueEmail('refresh'));
    await t.database.db.update(users).set({ plan: 'creator' }).where(eq(users.id, registered.user.id));
    user = { token: registered.token, id: registered.user.id };
  });
  afterAll(async () => {
    await sandbox.close();
    await t.close();
  });

  const tokens = () => t.services.publishEngine.tokens;
  const rowOf = async (id: string) => (await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, id)))[0]!;
  const accessTokenOf = async (id: string) => t.services.tokenCipher.decrypt((await rowOf(id)).accessTokenEnc!, tokenContext(id, 'access'));
  const setRow = (id: string, values: Partial<typeof socialAccounts.$inferInsert>) => t.database.db.update(socialAccounts).set(values).where(eq(socialAccounts.id, id));

  async function connect(name: string, simulate: SandboxSimulation = 'ok'): Promise<string> {
    const started = await t.client.get('/api/youtube/connect?path=/connect', as(user.token));
    expect(started.statusCode).toBe(200);
    const consent = await submitConsent(t.app, started.json<ConnectResponse>().url, { account_name: name, simulate });
    const callback = await t.app.inject({ method: 'GET', url: `${consent.callback!.pathname}${consent.callback!.search}` });
    const back = new URL(String(callback.headers.location), 'http://reelflow.test');
    expect(back.searchParams.get('connected')).toBe('youtube');
    return back.searchParams.get('account')!;
  }
  /** A scheduled post with one target on the account, due at `at`. */
  async function postOn(accountId: string, at: Date): Promise<string> {
    const postId = randomUUID();
    const targetId = randomUUID();
    await t.database.db.insert(posts).values({ id: postId, userId: user.id, status: 'scheduled', scheduledAt: at });
    await t.database.db.insert(postTargets).values({ id: targetId, postId, userId: user.id, accountId, platform: 'youtube', accountName: 'x', status: 'scheduled', nextAttemptAt: at });
    return targetId;
  }
  const targetOf = async (id: string) => (await t.database.db.select().from(postTargets).where(eq(postTargets.id, id)))[0]!;

  it('refreshes what is about to lapse, marks a revoked grant "reconnect" with its targets blocked, and leaves the rest alone', async () => {
    const soon = () => new Date(Date.now() + 5 * MINUTE);
    // Due: a post in 2 hours, the token ends in 5 minutes.
    const coming = await connect('Coming Post');
    const comingTarget = await postOn(coming, new Date(Date.now() + 2 * HOUR));
    await setRow(coming, { tokenExpiresAt: soon() });
    // Due, but the platform has revoked the grant: found now, a day before the post would fail.
    const revoked = await connect('Revoked Grant', 'revoked');
    const revokedTarget = await postOn(revoked, new Date(Date.now() + 20 * HOUR));
    await setRow(revoked, { tokenExpiresAt: soon() });
    // Due: a long-lived token (Instagram-style) ending in 3 days, last renewed 2 days ago, no post.
    const longLived = await connect('Long Lived');
    await setRow(longLived, { tokenExpiresAt: new Date(Date.now() + 3 * DAY), lastRefreshedAt: new Date(Date.now() - 2 * DAY) });
    // Not due: the token ends soon but nothing is coming and it was just connected.
    const idle = await connect('Idle Channel');
    await setRow(idle, { tokenExpiresAt: soon() });
    // Not due: its post is three days away.
    const later = await connect('Later Post');
    const laterTarget = await postOn(later, new Date(Date.now() + 3 * DAY));
    await setRow(later, { tokenExpiresAt: soon() });
    // Not due: the refresh token ends in 3 days but it was renewed an hour ago.
    const renewed = await connect('Renewed Today');
    await setRow(renewed, { refreshExpiresAt: new Date(Date.now() + 3 * DAY), lastRefreshedAt: new Date(Date.now() - HOUR) });
    // Not due: disconnected (and the revoked one once marked).
    const gone = await connect('Gone Channel');
    await postOn(gone, new Date(Date.now() + HOUR));
    expect((await t.client.post('/api/accounts/disconnect', { id: gone }, as(user.token))).statusCode).toBe(200);

    const untouched = [idle, later, renewed];
    const before = new Map(await Promise.all(untouched.map(async (id) => [id, { token: await accessTokenOf(id), row: await rowOf(id) }] as const)));
    const comingToken = await accessTokenOf(coming);
    const longLivedToken = await accessTokenOf(longLived);

    expect((await accountsDueForRefresh(t.database.db, new Date())).sort()).toEqual([coming, revoked, longLived].sort());
    const logged: string[] = [];
    const summary = await refreshDueTokens({ db: t.database.db, tokens: tokens(), log: (message) => logged.push(message) });
    expect(summary.refreshed.sort()).toEqual([coming, longLived].sort());
    expect(summary.reconnect).toEqual([revoked]);
    expect(summary.failed).toEqual([]);
    expect(logged).toEqual(['token refresh: 2 refreshed, 1 need reconnecting, 0 to retry']);

    // Refreshed at the sandbox: new tokens it accepts, an hour ahead; the refresh token kept.
    const youtube = sandbox.adapters.youtube!;
    for (const [id, old] of [
      [coming, comingToken],
      [longLived, longLivedToken],
    ] as const) {
      const row = await rowOf(id);
      const fresh = await accessTokenOf(id);
      expect(fresh).not.toBe(old);
      expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * MINUTE);
      expect(row.lastRefreshedAt!.getTime()).toBeGreaterThan(Date.now() - MINUTE);
      expect(row.refreshTokenEnc).not.toBeNull();
      expect((await youtube.oauth.profile(fresh)).name).toBe(row.name);
    }
    expect((await targetOf(comingTarget)).status).toBe('scheduled');

    // Revoked: reconnect with its reason, the post blocked (kept, waiting for the creator).
    expect(await rowOf(revoked)).toMatchObject({ status: 'reconnect' });
    expect(await targetOf(revokedTarget)).toMatchObject({ status: 'blocked', error: 'Reconnect Revoked Grant to publish.', errorClass: 'disconnect', errorCode: 'invalid_grant' });
    const listed = (await t.client.get('/api/accounts?per_page=100', as(user.token))).json<Paginated<SocialAccount>>().data;
    expect(listed.find((account) => account.id === revoked)).toMatchObject({ health: 'reconnect', blocked_targets: 1 });
    expect(listed.find((account) => account.id === coming)).toMatchObject({ health: 'ok', blocked_targets: 0 });

    // Untouched: same token, same row.
    for (const id of untouched) {
      expect(await accessTokenOf(id)).toBe(before.get(id)!.token);
      expect(await rowOf(id)).toEqual(before.get(id)!.row);
    }
    expect((await targetOf(laterTarget)).status).toBe('scheduled');

    // A second run finds nothing left to do.
    expect(await refreshDueTokens({ db: t.database.db, tokens: tokens() })).toEqual({ refreshed: [], reconnect: [], failed: [] });
  });

  it('a passing failure is retried on the next run; a token service without refreshAhead is skipped', async () => {
    const flaky = await connect('Flaky Platform');
    await postOn(flaky, new Date(Date.now() + HOUR));
    await setRow(flaky, { tokenExpiresAt: new Date(Date.now() + MINUTE) });
    let calls = 0;
    const failing = {
      accessToken: () => Promise.reject(new Error('not used')),
      refreshAhead: (id: string) => {
        calls += 1;
        return id === flaky ? Promise.reject(new Error('socket hang up')) : Promise.resolve();
      },
    };
    const first = await refreshDueTokens({ db: t.database.db, tokens: failing });
    expect(first.failed).toEqual([flaky]);
    expect(await rowOf(flaky)).toMatchObject({ status: 'active' });
    expect(calls).toBe(1);
    expect(await refreshDueTokens({ db: t.database.db, tokens: { accessToken: failing.accessToken } })).toEqual({ refreshed: [], reconnect: [], failed: [] });

    // The next run, with the real service, refreshes it.
    const old = await accessTokenOf(flaky);
    await refreshDueTokens({ db: t.database.db, tokens: tokens() });
    expect(await accessTokenOf(flaky)).not.toBe(old);
  });
});
