// Sandbox accounts belong to one Reelflow user, on every built-in sandbox: two users who type the
// same name on the consent page get two accounts; the second user's consent (even one that
// switches "their" account to 'revoked') never reaches the first user's account; and no sandbox
// page — account page by id or handle, avatar, video link — shows another user's account. The
// consent page itself only opens for a connect attempt the app started for a user.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectResponse, SandboxSimulation, SocialPlatform } from '../../contract/publishing';
import { sandboxAccounts, sandboxPosts, socialAccounts } from '../../server/db/schema';
import { connectState, cookiePair, formFields, submitConsent } from './fakes/youtube-sandbox-consent';
import { ApiClient, as, createTestApp, uniqueEmail, type TestApp } from './helpers';
import { allowPublishing } from './publishing-fixtures';

interface Connected {
  /** The app's social account id. */
  accountId: string;
  /** The sandbox account's id (channel id, open_id, Instagram user id). */
  platformAccountId: string;
  /** The browser's `sandbox_session=…` cookie, left by the consent. */
  session: string;
}

/** Each sandbox's pages that show an account, and the links that lead to one of its videos. */
const PAGES: Record<SocialPlatform, { prefix: string; videoLinks: (id: string) => string[] }> = {
  youtube: { prefix: '/sandbox/youtube', videoLinks: (id) => [`/sandbox/youtube/watch?v=${id}`, `/sandbox/youtube/shorts/${id}`] },
  tiktok: { prefix: '/sandbox/tiktok', videoLinks: () => [] },
  instagram: { prefix: '/sandbox/instagram', videoLinks: (id) => [`/sandbox/instagram/reel/${id}`] },
};

describe('sandbox accounts belong to one Reelflow user', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_CONNECT: '1000 per minute' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function creator(label: string) {
    const client = new ApiClient(t.app);
    const registered = await client.register(uniqueEmail(label));
    await allowPublishing(t.database.db, registered.user.id);
    return { client, token: registered.token, id: registered.user.id };
  }

  /** GET /api/{platform}/connect → the sandbox's consent form → the callback, as a browser does it. */
  async function connect(user: Awaited<ReturnType<typeof creator>>, platform: SocialPlatform, name: string, simulate: SandboxSimulation): Promise<Connected> {
    const started = await user.client.get(`/api/${platform}/connect?path=/connect`, as(user.token));
    expect(started.statusCode).toBe(200);
    const consent = await submitConsent(t.app, started.json<ConnectResponse>().url, { account_name: name, simulate });
    expect(consent.submit.statusCode, consent.submit.body.slice(0, 300)).toBe(302);
    const callback = await t.app.inject({ method: 'GET', url: `${consent.callback!.pathname}${consent.callback!.search}` });
    const back = new URL(String(callback.headers.location), 'http://reelflow.test');
    expect(back.searchParams.get('connect_error')).toBeNull();
    const accountId = back.searchParams.get('account')!;
    const [row] = await t.database.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    return { accountId, platformAccountId: row!.platformAccountId, session: consent.session };
  }

  const sandboxRow = async (id: string) => (await t.database.db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id)))[0]!;
  const get = (url: string, session: string, json = false) => t.app.inject({ method: 'GET', url: json ? `${url}?format=json` : url, headers: session ? { cookie: session } : {} });

  describe.each(['youtube', 'tiktok', 'instagram'] as const)('%s', (platform) => {
    const { prefix } = PAGES[platform];

    it("two users' accounts of the same name are two accounts; the second consent never reaches the first user's", async () => {
      const alice = await creator(`${platform}-alice`);
      const bob = await creator(`${platform}-bob`);
      const name = `Shared ${platform} ${randomUUID().slice(0, 6)}`;
      const theirs = await connect(alice, platform, name, 'ok');
      // Bob types Alice's account name and picks 'revoked': he gets an account of his own.
      const his = await connect(bob, platform, name, 'revoked');
      expect(his.platformAccountId).not.toBe(theirs.platformAccountId);
      expect(await sandboxRow(theirs.platformAccountId)).toMatchObject({ ownerUserId: alice.id, name, simulate: 'ok' });
      expect(await sandboxRow(his.platformAccountId)).toMatchObject({ ownerUserId: bob.id, name, simulate: 'revoked' });
      // Alice's grant still refreshes (a 'revoked' account's would not), and its token is her account's.
      const adapter = t.services.publishEngine.adapters[platform]!;
      const token = await t.services.publishEngine.tokens.accessToken(theirs.accountId, { forceRefresh: true });
      expect((await adapter.oauth.profile(token)).platformAccountId).toBe(theirs.platformAccountId);
      // Connecting the name again, Alice is back on her own account, as it was.
      expect((await connect(alice, platform, name, 'ok')).platformAccountId).toBe(theirs.platformAccountId);

      // Each browser sees its own user's account, by id and by handle, and nothing of the other's.
      const handle = (await sandboxRow(theirs.platformAccountId)).handle;
      expect((await get(`${prefix}/channel/${theirs.platformAccountId}`, theirs.session, true)).json()).toMatchObject({ id: theirs.platformAccountId, simulate: 'ok' });
      expect((await get(`${prefix}/channel/${encodeURIComponent(handle)}`, his.session, true)).json()).toMatchObject({ id: his.platformAccountId, simulate: 'revoked' });
      /** Not there, as the platform says it (Instagram's Graph answers a 400 "does not exist"), and nothing of the account shown. */
      const hidden = (response: LightMyRequestResponse) => {
        expect([400, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain(name);
      };
      for (const session of [his.session, '']) {
        for (const json of [true, false]) hidden(await get(`${prefix}/channel/${theirs.platformAccountId}`, session, json));
        hidden(await get(`${prefix}/avatar/${theirs.platformAccountId}`, session));
      }
      expect((await get(`${prefix}/avatar/${theirs.platformAccountId}`, theirs.session)).statusCode).toBe(200);
      hidden(await get(`${prefix}/channel/${his.platformAccountId}`, theirs.session, true));
      if (platform === 'tiktok') {
        expect((await get(`${prefix}/${encodeURIComponent(handle)}`, his.session, true)).json()).toMatchObject({ id: his.platformAccountId });
        expect((await get(`${prefix}/${encodeURIComponent(handle)}`, theirs.session, true)).json()).toMatchObject({ id: theirs.platformAccountId });
      }

      // A video on Alice's account: its links lead her there, and lead Bob nowhere.
      const videoId = `v${randomUUID().replace(/-/g, '').slice(0, 10)}`;
      await t.database.db.insert(sandboxPosts).values({ id: videoId, accountId: theirs.platformAccountId, platform, uploadId: randomUUID(), title: 'Hers', metadata: {}, sizeBytes: 1 });
      for (const link of PAGES[platform].videoLinks(videoId)) {
        expect((await get(link, theirs.session)).headers.location).toContain(theirs.platformAccountId);
        for (const session of [his.session, '']) {
          const answer = await get(link, session);
          expect(answer.statusCode).toBe(404);
          expect(answer.headers.location).toBeUndefined();
        }
      }
    });

    it('opens the consent only for a connect attempt the app started, and signs the browser in as its user', async () => {
      const user = await creator(`${platform}-consent`);
      const started = (await user.client.get(`/api/${platform}/connect?path=/connect`, as(user.token))).json<ConnectResponse>();
      const consent = await submitConsent(t.app, started.url, { account_name: 'Signed In', simulate: 'ok' });
      expect(consent.submit.statusCode).toBe(302);
      const cookie = [consent.submit.headers['set-cookie']].flat().map(String).find((header) => header.startsWith('sandbox_session='))!;
      expect(cookie).toContain(`Path=${prefix}`);
      expect(cookie).toContain('HttpOnly');

      const forged = new URL(started.url);
      forged.searchParams.set('state', 'a-state-reelflow-never-issued-0000000000');
      const wrongPlatform = new URL(started.url);
      wrongPlatform.searchParams.set('state', await connectState({ db: t.database.db, userId: user.id }, platform === 'youtube' ? 'tiktok' : 'youtube'));
      // The state of a finished attempt has been spent by its callback.
      const spent = new URL(started.url);
      await t.app.inject({ method: 'GET', url: `${consent.callback!.pathname}${consent.callback!.search}` });
      for (const url of [forged, wrongPlatform, spent]) {
        const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain('Connect from Reelflow');
        expect(page.body).not.toContain('name="account_name"');
        // The form posted anyway (with a valid form token of this browser): no account, no code.
        const name = `Nobody's ${randomUUID().slice(0, 6)}`;
        const formCookie = cookiePair(consent.page, 'sandbox_consent');
        const posted = await t.app.inject({
          method: 'POST',
          url: url.pathname,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: formCookie },
          payload: new URLSearchParams({ ...formFields(consent.page.body), ...Object.fromEntries(url.searchParams), decision: 'allow', account_name: name, simulate: 'ok' }).toString(),
        });
        expect(posted.statusCode).toBe(400);
        expect(posted.headers.location).toBeUndefined();
        expect(cookiePair(posted, 'sandbox_session')).toBe('');
        expect(await t.database.db.select().from(sandboxAccounts).where(and(eq(sandboxAccounts.platform, platform), eq(sandboxAccounts.name, name)))).toEqual([]);
      }
    });
  });
});
