// Tiny document.cookie helpers (no dependency). Values are URL-decoded, as Laravel/Sanctum
// URL-encode the XSRF-TOKEN cookie and expect the decoded value back in X-XSRF-TOKEN.

function cookieString(): string {
  try {
    return typeof document === 'undefined' ? '' : document.cookie;
  } catch {
    return '';
  }
}

export function readCookie(name: string): string | null {
  for (const part of cookieString().split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function cookieNames(): string[] {
  return cookieString()
    .split(';')
    .map((part) => {
      const eq = part.indexOf('=');
      return (eq < 0 ? part : part.slice(0, eq)).trim();
    })
    .filter((name) => name.length > 0);
}

const EPOCH = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** Expire every cookie visible to the page: each name, for path "/" and the current path, with
 *  and without the current domain (and its dotted parent form). A cookie is only removed when the
 *  path/domain match the ones it was set with, so all combinations are tried. */
export function expireAllCookies(): void {
  if (typeof document === 'undefined') return;
  const paths = new Set<string>(['/']);
  const hostname = typeof location === 'undefined' ? '' : location.hostname;
  if (typeof location !== 'undefined') {
    const segments = location.pathname.split('/').filter(Boolean);
    let current = '';
    for (const segment of segments) {
      current += `/${segment}`;
      paths.add(current);
    }
  }
  const domains: (string | null)[] = [null];
  if (hostname) {
    domains.push(hostname, `.${hostname}`);
    const parts = hostname.split('.');
    for (let i = 1; i < parts.length - 1; i += 1) domains.push(`.${parts.slice(i).join('.')}`);
  }
  for (const name of cookieNames()) {
    for (const path of paths) {
      for (const domain of domains) {
        // max-age=-1, not 0: RFC 6265 expires both at once, but some engines (happy-dom) turn 0
        // into "expires now" and keep the cookie for the rest of that millisecond.
        document.cookie = `${name}=; expires=${EPOCH}; max-age=-1; path=${path}${domain ? `; domain=${domain}` : ''}`;
      }
    }
  }
}
