// The sandbox's HTML: the consent page (an accessible form, no script: the app's CSP allows none
// inline) and the channel page. Everything interpolated is escaped; "Sandbox" is in every title
// so nobody mistakes it for the real platform.
import { SANDBOX_SIMULATIONS, type SandboxSimulation } from '../../contract/publishing';
import type { AuthRequest } from './common';

export const SIMULATION_LABELS: Record<SandboxSimulation, string> = {
  ok: 'Works normally',
  flaky: 'Flaky: about half of the upload requests fail (server error or dropped connection)',
  expired: 'Expiring sign-in: each access token works once, refreshing works',
  revoked: 'Revoked: refreshing fails, the account must be reconnected',
  quota: "Quota: the channel's daily upload quota is used up",
  reject: 'Reject: YouTube rejects the uploaded video',
};

/** What differs between the platforms' sandbox pages: names, the consent text, the simulations' words. */
export interface SandboxBrand {
  /** "YouTube": the pages say "YouTube Sandbox". */
  platform: string;
  /** What an account is called there: channel, account. */
  noun: string;
  /** The form field naming the OAuth client (Google: client_id, TikTok: client_key). */
  clientField: string;
  /** Whether the consent form carries PKCE's code_challenge on (Instagram Login has no PKCE). */
  pkce: boolean;
  /** The platform's word for signing in: "sign" (sign in, signs in) or "log" (log in, logs in). */
  signInWord: 'sign' | 'log';
  /** The consent page's first paragraph (HTML-escaped host given). */
  intro(host: string): string;
  simulationLabels: Record<SandboxSimulation, string>;
}

export const YOUTUBE_BRAND: SandboxBrand = {
  platform: 'YouTube',
  noun: 'channel',
  clientField: 'client_id',
  pkce: true,
  signInWord: 'sign',
  intro: (host) => `This is the built-in YouTube sandbox of this server, not YouTube. <strong>${host}</strong> asks to upload videos to a sandbox channel and to see their status. Nothing is sent to Google.`,
  simulationLabels: SIMULATION_LABELS,
};

/** "a channel", "an account". */
function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
  body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f4f5;color:#18181b;line-height:1.5}
  main{max-width:40rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .badge{display:inline-block;background:#fde68a;color:#713f12;font-weight:600;border-radius:999px;padding:.1rem .7rem;font-size:.85rem}
  h1{font-size:1.5rem;margin:.5rem 0 1rem}
  label{display:block;font-weight:600;margin-top:1rem}
  input[type=text],select{display:block;width:100%;box-sizing:border-box;font:inherit;padding:.5rem;margin-top:.25rem;border:1px solid #71717a;border-radius:6px}
  .hint{color:#52525b;font-size:.9rem;margin:.25rem 0 0}
  .error{color:#b91c1c;font-weight:600}
  .actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
  button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:1px solid #3f3f46;background:#fff;cursor:pointer}
  button.primary{background:#b91c1c;border-color:#b91c1c;color:#fff}
  button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
  table{width:100%;border-collapse:collapse;margin-top:1rem}
  th,td{text-align:left;padding:.4rem;border-bottom:1px solid #e4e4e7;vertical-align:top}
  a{color:#1d4ed8}
`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p><span class="badge">Sandbox</span></p>
${body}
</main>
</body>
</html>`;
}

/** The checked consent request (common.ts AuthRequest) and the form's own state. */
export interface ConsentFields extends AuthRequest {
  formToken: string;
  actionPath: string;
  accountName?: string;
  simulate?: SandboxSimulation;
  error?: string;
}

export function consentPage(fields: ConsentFields, brand: SandboxBrand = YOUTUBE_BRAND): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const redirectHost = (() => {
    try {
      return new URL(fields.redirectUri).host;
    } catch {
      return fields.redirectUri;
    }
  })();
  const options = SANDBOX_SIMULATIONS.map(
    (value) => `<option value="${value}"${value === (fields.simulate ?? 'ok') ? ' selected' : ''}>${escapeHtml(brand.simulationLabels[value])}</option>`,
  ).join('');
  const error = fields.error ? `<p id="account-name-error" class="error" role="alert">${escapeHtml(fields.error)}</p>` : '';
  const pkce = brand.pkce ? `${hidden('code_challenge', fields.codeChallenge)}${hidden('code_challenge_method', fields.codeChallengeMethod)}` : '';
  return layout(
    `${brand.platform} Sandbox: ${brand.signInWord} in`,
    `<h1>${escapeHtml(brand.platform)} Sandbox</h1>
<p>${brand.intro(escapeHtml(redirectHost))}</p>
<form method="post" action="${escapeHtml(fields.actionPath)}">
${hidden(brand.clientField, fields.clientId)}${hidden('redirect_uri', fields.redirectUri)}${hidden('state', fields.state)}${hidden('scope', fields.scope)}${pkce}${hidden('form_token', fields.formToken)}
<label for="account_name">Sandbox ${brand.noun} name</label>
<input type="text" id="account_name" name="account_name" required maxlength="60" autocomplete="off" value="${escapeHtml(fields.accountName ?? '')}" aria-describedby="account-name-hint${fields.error ? ' account-name-error' : ''}"${fields.error ? ' aria-invalid="true"' : ''}>
<p id="account-name-hint" class="hint">The same name ${brand.signInWord}s in to the same sandbox ${brand.noun} of yours again. Your sandbox ${brand.noun}s are yours alone: another Reelflow user who types the same name gets ${withArticle(brand.noun)} of their own.</p>
${error}
<label for="simulate">How this ${brand.noun} behaves</label>
<select id="simulate" name="simulate" aria-describedby="simulate-hint">${options}</select>
<p id="simulate-hint" class="hint">Choose a problem to see how publishing handles it.</p>
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</div>
</form>`,
  );
}

export function errorPage(title: string, message: string, brand: SandboxBrand = YOUTUBE_BRAND): string {
  return layout(`${brand.platform} Sandbox: ${title}`, `<h1>${escapeHtml(brand.platform)} Sandbox: ${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

export interface ChannelVideo {
  id: string;
  title: string;
  description: string;
  privacy: string;
  /** uploaded (processing), processed, rejected, failed. */
  upload_status: string;
  status_reason: string | null;
  size_bytes: number;
  sha256: string | null;
  published_at: string;
  url: string;
}

export interface ChannelView {
  id: string;
  name: string;
  handle: string;
  simulate: SandboxSimulation;
  sandbox: true;
  videos: ChannelVideo[];
}

const STATUS_TEXT: Record<string, string> = { uploaded: 'Processing', processed: 'Published', rejected: 'Rejected', failed: 'Failed' };

export function channelPage(channel: ChannelView, brand: SandboxBrand = YOUTUBE_BRAND): string {
  const rows = channel.videos.map(
    (video) => `<tr id="video-${escapeHtml(video.id)}">
<td>${escapeHtml(video.title)}</td>
<td>${escapeHtml(STATUS_TEXT[video.upload_status] ?? video.upload_status)}${video.status_reason ? ` (${escapeHtml(video.status_reason)})` : ''}</td>
<td>${escapeHtml(video.privacy)}</td>
<td>${timeCell(video.published_at)}</td>
<td><code>${escapeHtml(video.id)}</code></td>
</tr>`,
  );
  return accountPage(brand, channel, { noun: 'video', headers: ['Title', 'Status', 'Privacy', 'Uploaded', 'Video id'], rows });
}

/** A table cell's `<time>`: an ISO date shown as "YYYY-MM-DD HH:MM UTC". */
export function timeCell(iso: string): string {
  return `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.replace('T', ' ').slice(0, 16))} UTC</time>`;
}

/** A sandbox account's page: its name and handle, how it behaves, and a table of what it published (rows already HTML). */
export function accountPage(
  brand: SandboxBrand,
  account: { name: string; handle: string; simulate: SandboxSimulation },
  posts: { noun: string; headers: readonly string[]; rows: readonly string[] },
): string {
  const count = posts.rows.length;
  const table = count
    ? `<table><caption class="hint">${count} ${posts.noun}${count === 1 ? '' : 's'}, oldest first</caption>
<thead><tr>${posts.headers.map((header) => `<th scope="col">${header}</th>`).join('')}</tr></thead>
<tbody>${posts.rows.join('')}</tbody></table>`
    : `<p>This sandbox ${brand.noun} has not published anything yet.</p>`;
  const what = withArticle(brand.noun);
  return layout(
    `${account.name} - ${brand.platform} Sandbox`,
    `<h1>${escapeHtml(account.name)} <span class="hint">${escapeHtml(account.handle)}</span></h1>
<p>${what[0]!.toUpperCase()}${what.slice(1)} of the built-in ${escapeHtml(brand.platform)} sandbox (behaviour: ${escapeHtml(brand.simulationLabels[account.simulate])}). Nothing here is on ${escapeHtml(brand.platform)}.</p>
${table}`,
  );
}

/** A round avatar with the channel's initial (the sandbox's channel thumbnail). */
export function avatarSvg(name: string): string {
  const initial = escapeHtml((name.trim()[0] ?? '?').toUpperCase());
  let hue = 0;
  for (const char of name) hue = (hue * 31 + char.codePointAt(0)!) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="88" height="88" viewBox="0 0 88 88" role="img" aria-label="${escapeHtml(name)}"><circle cx="44" cy="44" r="44" fill="hsl(${hue},55%,40%)"/><text x="44" y="58" font-family="sans-serif" font-size="40" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
}
