// The page a connect callback shows in popup mode: it tells the app that opened the
// popup how connecting went (a ConnectPopupMessage) and closes. The CSP allows no inline script
// (server/app.ts), so the page carries the message in a data attribute and loads a fixed script
// from this origin, GET /connect-popup.js.
//
// The message goes two ways, because the opener is not always reachable: window.opener (same
// origin only), and a BroadcastChannel of the same name — a popup that passed through a real
// platform's pages can come back without its opener (Cross-Origin-Opener-Policy severs it), and
// a same-origin channel still reaches the app's tabs. When neither can close the window, the page
// stays with a link back to the app.
import type { ConnectPopupMessage } from '../../contract/publishing';
import { PLATFORM_LABELS } from '../../contract/publishing';

export const CONNECT_POPUP_SCRIPT_PATH = '/connect-popup.js';
/** BroadcastChannel name (and the message's `type`): the connect screen listens on it. */
export const CONNECT_CHANNEL = 'reelflow:connect';

export const CONNECT_POPUP_SCRIPT = `// Reelflow: tells the app that opened this popup how connecting went, then closes it.
(function () {
  var element = document.getElementById('connect-result');
  if (!element) return;
  var message;
  try {
    message = JSON.parse(element.getAttribute('data-message') || '');
  } catch (error) {
    return;
  }
  var told = false;
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(message, window.location.origin);
      told = true;
    }
  } catch (error) {}
  try {
    if (typeof BroadcastChannel === 'function') {
      var channel = new BroadcastChannel(${JSON.stringify(CONNECT_CHANNEL)});
      channel.postMessage(message);
      channel.close();
      told = true;
    }
  } catch (error) {}
  if (told) window.close();
})();
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The popup page for `message`; `returnTo` is the app path the fallback link opens. */
export function connectPopupPage(message: ConnectPopupMessage, returnTo: string): string {
  const label = PLATFORM_LABELS[message.platform];
  const title = message.ok ? 'Connected · Reelflow' : 'Not connected · Reelflow';
  const heading = message.ok ? `${label} connected` : `${label} was not connected`;
  const detail = message.ok ? 'This window closes by itself. If it stays open, go back to Reelflow.' : (message.error ?? 'Something went wrong.');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8f9fa;color:#212529}main{max-width:28rem;padding:2rem;text-align:center}a{color:#1971c2}</style>
<script src="${CONNECT_POPUP_SCRIPT_PATH}" defer></script>
</head>
<body>
<main id="connect-result" data-message="${escapeHtml(JSON.stringify(message))}">
<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(detail)}</p>
<p><a href="${escapeHtml(returnTo)}">Back to Reelflow</a></p>
</main>
</body>
</html>
`;
}
