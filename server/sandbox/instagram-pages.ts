// The Instagram sandbox's HTML: its consent page (Instagram Login's "allow" step, as a plain form:
// no script, the app's CSP allows none inline) and the account page with the Reels it published.
// Shares the layout and escaping of the YouTube sandbox's pages.
import { SANDBOX_SIMULATIONS, type SandboxSimulation } from '../../contract/publishing';
import { escapeHtml, layout } from './pages';

export const INSTAGRAM_SIMULATION_LABELS: Record<SandboxSimulation, string> = {
  ok: 'Works normally',
  flaky: 'Flaky: about half of the requests fail (server error, temporary error or dropped connection)',
  expired: 'Expiring sign-in: each access token works once (190/463), refreshing works',
  revoked: 'Revoked: the token is refused (190/460) and refreshing fails, the account must be reconnected',
  quota: 'Publishing limit: the account already published its posts for the last 24 hours',
  reject: 'Reject: Instagram fails the Reel container (unsupported video format, 2207026)',
};

export interface InstagramConsentFields {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  formToken: string;
  actionPath: string;
  accountName?: string;
  simulate?: SandboxSimulation;
  error?: string;
}

export function instagramConsentPage(fields: InstagramConsentFields): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  let redirectHost = fields.redirectUri;
  try {
    redirectHost = new URL(fields.redirectUri).host;
  } catch {
    // Shown as given.
  }
  const options = SANDBOX_SIMULATIONS.map(
    (value) => `<option value="${value}"${value === (fields.simulate ?? 'ok') ? ' selected' : ''}>${escapeHtml(INSTAGRAM_SIMULATION_LABELS[value])}</option>`,
  ).join('');
  const error = fields.error ? `<p id="account-name-error" class="error" role="alert">${escapeHtml(fields.error)}</p>` : '';
  return layout(
    'Instagram Sandbox: log in',
    `<h1>Instagram Sandbox</h1>
<p>This is the built-in Instagram sandbox of this server, not Instagram. <strong>${escapeHtml(redirectHost)}</strong> asks to see a sandbox professional account's profile and to publish Reels to it. Nothing is sent to Meta.</p>
<form method="post" action="${escapeHtml(fields.actionPath)}">
${hidden('client_id', fields.clientId)}${hidden('redirect_uri', fields.redirectUri)}${hidden('state', fields.state)}${hidden('scope', fields.scope)}${hidden('form_token', fields.formToken)}
<label for="account_name">Sandbox account name</label>
<input type="text" id="account_name" name="account_name" required maxlength="60" autocomplete="off" value="${escapeHtml(fields.accountName ?? '')}" aria-describedby="account-name-hint${fields.error ? ' account-name-error' : ''}"${fields.error ? ' aria-invalid="true"' : ''}>
<p id="account-name-hint" class="hint">The same name logs in to the same sandbox account of yours again. Your sandbox accounts are yours alone: another Reelflow user who types the same name gets an account of their own.</p>
${error}
<label for="simulate">How this account behaves</label>
<select id="simulate" name="simulate" aria-describedby="simulate-hint">${options}</select>
<p id="simulate-hint" class="hint">Choose a problem to see how publishing handles it.</p>
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Allow</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</div>
</form>`,
  );
}

export function instagramErrorPage(title: string, message: string): string {
  return layout(`Instagram Sandbox: ${title}`, `<h1>Instagram Sandbox: ${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

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
  const rows = account.reels
    .map(
      (reel) => `<tr id="reel-${escapeHtml(reel.id)}">
<td>${escapeHtml(reel.caption || '(no caption)')}</td>
<td>${reel.share_to_feed ? 'Reels and feed' : 'Reels only'}</td>
<td><time datetime="${escapeHtml(reel.published_at)}">${escapeHtml(reel.published_at.replace('T', ' ').slice(0, 16))} UTC</time></td>
<td><code>${escapeHtml(reel.id)}</code></td>
</tr>`,
    )
    .join('');
  const table = account.reels.length
    ? `<table><caption class="hint">${account.reels.length} Reel${account.reels.length === 1 ? '' : 's'}, oldest first</caption>
<thead><tr><th scope="col">Caption</th><th scope="col">Shown in</th><th scope="col">Published</th><th scope="col">Media id</th></tr></thead>
<tbody>${rows}</tbody></table>`
    : '<p>This sandbox account has not published anything yet.</p>';
  return layout(
    `${account.name} - Instagram Sandbox`,
    `<h1>${escapeHtml(account.name)} <span class="hint">@${escapeHtml(account.username)}</span></h1>
<p>An account of the built-in Instagram sandbox (behaviour: ${escapeHtml(INSTAGRAM_SIMULATION_LABELS[account.simulate])}). Nothing here is on Instagram.</p>
${table}`,
  );
}
