// The HTTP calls a creator's app makes, against whichever API process the run names: register,
// queue a video, connect a sandbox YouTube channel (app-issued state → consent page → callback),
// post a video, read posts and the channel page. All processes share one APP_URL, as behind a
// load balancer; the absolute links the app hands out (consent page, callback) are sent to the
// process the run chose, so one flow may cross processes on purpose.
import { randomUUID } from 'node:crypto';
import type { ConnectResponse, Post, SocialAccount } from '../../contract/publishing';
import type { AiVideo } from '../../contract/videos';

export interface Creator {
  label: string;
  email: string;
  id: number;
  token: string;
  /** The browser's `sandbox_session=…` cookie, left by the YouTube consent (shows the channel page). */
  sandboxSession: string;
  account: SocialAccount | null;
}

export class HttpError extends Error {}

/** The `name=value` of a Set-Cookie `name` of `response`, or ''. */
function cookiePair(response: Response, name: string): string {
  return (
    response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0]!)
      .find((pair) => pair.startsWith(`${name}=`)) ?? ''
  );
}

async function expectStatus(response: Response, expected: number, what: string): Promise<string> {
  const body = await response.text();
  if (response.status !== expected) throw new HttpError(`${what}: expected ${expected}, got ${response.status} ${body.slice(0, 400)}`);
  return body;
}

/** `url` sent to the API process at `base` (same path and query). */
export function onProcess(url: string, base: string): string {
  const target = new URL(url);
  return `${base}${target.pathname}${target.search}`;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: 'application/json' });

/** POST /api/register as the PWA does it (XSRF cookie first). */
export async function register(base: string, label: string): Promise<Creator> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  await csrf.arrayBuffer();
  const xsrf = cookiePair(csrf, 'XSRF-TOKEN').slice('XSRF-TOKEN='.length);
  const email = `${label}-${randomUUID()}@example.com`;
  const password = 'a chaos test password';
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    body: JSON.stringify({ name: label, email, password, password_confirmation: password }),
  });
  const body = JSON.parse(await expectStatus(response, 201, `register ${label}`)) as { token: string; user: { id: number } };
  return { label, email, id: body.user.id, token: body.token, sandboxSession: '', account: null };
}

/** Queues a video (202) with the built-in offline providers (no provider is configured). */
export async function createVideo(base: string, creator: Creator, video: { title: string; script: string }): Promise<AiVideo> {
  const response = await fetch(`${base}/api/ai-videos`, {
    method: 'POST',
    headers: { ...bearer(creator.token), 'content-type': 'application/json' },
    body: JSON.stringify({ id: randomUUID(), ...video }),
  });
  return JSON.parse(await expectStatus(response, 202, `create video for ${creator.label}`)) as AiVideo;
}

export async function showVideo(base: string, creator: Creator, id: string): Promise<AiVideo> {
  const response = await fetch(`${base}/api/ai-videos/${id}`, { headers: bearer(creator.token) });
  return JSON.parse(await expectStatus(response, 200, `GET video ${id}`)) as AiVideo;
}

/** Hidden fields of the sandbox consent form, as a browser submits them. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([a-z_]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return fields;
}

/**
 * Connects the built-in YouTube sandbox: the connect route on `steps[0]`, the consent page on
 * `steps[1]`, the callback on `steps[2]` — three processes (or two, alternating) for one flow.
 */
export async function connectSandboxYoutube(steps: [string, string, string], creator: Creator, channelName: string): Promise<SocialAccount> {
  const started = await fetch(`${steps[0]}/api/youtube/connect?path=/connect`, { headers: bearer(creator.token) });
  const { url, sandbox } = JSON.parse(await expectStatus(started, 200, 'GET /api/youtube/connect')) as ConnectResponse;
  if (!sandbox) throw new Error('YouTube is not the built-in sandbox on this server');
  const consentUrl = onProcess(url, steps[1]);
  const page = await fetch(consentUrl);
  const html = await expectStatus(page, 200, 'the sandbox consent page');
  const consentCookie = cookiePair(page, 'sandbox_consent');
  const submit = await fetch(new URL(consentUrl).origin + new URL(consentUrl).pathname, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: consentCookie },
    body: new URLSearchParams({ ...formFields(html), decision: 'allow', account_name: channelName, simulate: 'ok' }).toString(),
  });
  await expectStatus(submit, 302, 'the consent form');
  creator.sandboxSession = cookiePair(submit, 'sandbox_session');
  const callback = await fetch(onProcess(String(submit.headers.get('location')), steps[2]), { redirect: 'manual' });
  await expectStatus(callback, 302, 'the connect callback');
  const back = new URL(String(callback.headers.get('location')), steps[2]);
  const accountId = back.searchParams.get('account');
  if (!accountId) throw new Error(`the callback sent the browser back without an account: ${back.search}`);
  const accounts = await fetch(`${steps[2]}/api/accounts?per_page=100`, { headers: bearer(creator.token) });
  const listed = JSON.parse(await expectStatus(accounts, 200, 'GET /api/accounts')) as { data: SocialAccount[] };
  const account = listed.data.find((candidate) => candidate.id === accountId);
  if (!account) throw new Error(`the connected account ${accountId} is not in the accounts list`);
  creator.account = account;
  return account;
}

/** Publishes a finished video now on the creator's sandbox channel. */
export async function postVideo(base: string, creator: Creator, videoId: string, title: string): Promise<Post> {
  if (!creator.account) throw new Error(`${creator.label} has no connected account`);
  const response = await fetch(`${base}/api/create/post`, {
    method: 'POST',
    headers: { ...bearer(creator.token), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ id: randomUUID(), video_id: videoId, account_ids: [creator.account.id], caption: title, options: { youtube: { title, privacy: 'private' } } }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new HttpError(`post of video ${videoId}: ${response.status} ${text.slice(0, 400)}`);
  return JSON.parse(text) as Post;
}

export async function listPosts(base: string, creator: Creator): Promise<Post[]> {
  const response = await fetch(`${base}/api/get/posts?per_page=100`, { headers: bearer(creator.token) });
  return (JSON.parse(await expectStatus(response, 200, 'GET /api/get/posts')) as { data: Post[] }).data;
}

export interface SandboxChannelPage {
  id: string;
  videos?: { id: string; title: string; upload_status: string }[];
}

/** The channel page as JSON, seen by the browser the consent signed in to the sandbox. */
export async function sandboxChannel(base: string, creator: Creator): Promise<SandboxChannelPage> {
  const key = creator.account?.handle ?? creator.account?.name ?? '';
  const response = await fetch(`${base}/sandbox/youtube/channel/${encodeURIComponent(key)}?format=json`, { headers: { cookie: creator.sandboxSession } });
  return JSON.parse(await expectStatus(response, 200, `the sandbox channel of ${creator.label}`)) as SandboxChannelPage;
}
