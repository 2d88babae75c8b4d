// The Instagram sandbox's HTML: its consent page (Instagram Login's "allow" step, as a plain form:
// no script, the app's CSP allows none inline) and the account page with the Reels it published.
// The pages themselves are the shared ones of pages.ts, in Instagram's words.
import type { SandboxSimulation } from '../../contract/publishing';
import { accountPage, consentPage, errorPage, escapeHtml, timeCell, type ConsentFields, type SandboxBrand } from './pages';

export const INSTAGRAM_SIMULATION_LABELS: Record<SandboxSimulation, string> = {
  ok: 'Works normally',
  flaky: 'Flaky: about half of the requests fail (server error, temporary error or dropped connection)',
  expired: 'Expiring sign-in: each access token works once (190/463), refreshing works',
  revoked: 'Revoked: the token is refused (190/460) and refreshing fails, the account must be reconnected',
  quota: 'Publishing limit: the account already published its posts for the last 24 hours',
  reject: 'Reject: Instagram fails the Reel container (unsupported video format, 2207026)',
};

/** The Instagram sandbox's words on the shared pages: Instagram Login "logs in", without PKCE. */
export const INSTAGRAM_BRAND: SandboxBrand = {
  platform: 'Instagram',
  noun: 'account',
  clientField: 'client_id',
  pkce: false,
  signInWord: 'log',
  intro: (host) => `This is the built-in Instagram sandbox of this server, not Instagram. <strong>${host}</strong> asks to see a sandbox professional account's profile and to publish Reels to it. Nothing is sent to Meta.`,
  simulationLabels: INSTAGRAM_SIMULATION_LABELS,
};

export const instagramConsentPage = (fields: ConsentFields): string => consentPage(fields, INSTAGRAM_BRAND);

export const instagramErrorPage = (title: string, message: string): string => errorPage(title, message, INSTAGRAM_BRAND);

export interface SandboxReel {
  id: string;
  caption: string;
  share_to_feed: boolean;
  thumb_offset_ms: number | null;
  size_bytes: number;
  sha256: string | null;
  container_id: string;
  published_at: string;
  permalink: string;
}

export interface InstagramAccountView {
  id: string;
  name: string;
  username: string;
  simulate: SandboxSimulation;
  sandbox: true;
  reels: SandboxReel[];
}

export function instagramAccountPage(account: InstagramAccountView): string {
  const rows = account.reels.map(
    (reel) => `<tr id="reel-${escapeHtml(reel.id)}">
<td>${escapeHtml(reel.caption || '(no caption)')}</td>
<td>${reel.share_to_feed ? 'Reels and feed' : 'Reels only'}</td>
<td>${timeCell(reel.published_at)}</td>
<td><code>${escapeHtml(reel.id)}</code></td>
</tr>`,
  );
  return accountPage(INSTAGRAM_BRAND, { ...account, handle: `@${account.username}` }, { noun: 'Reel', headers: ['Caption', 'Shown in', 'Published', 'Media id'], rows });
}
