// Meta fetches the Reel from our signed media URL (URL-pull publish): it has to be a public https
// address. A real Instagram account on an app whose APP_URL is localhost would fail late with an
// opaque download error, so connect and publish refuse early with a plain one.
import { PlatformError } from '../base/platform-error';

const PRIVATE_HOST = /^(localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|10(?:\.\d{1,3}){3}|192\.168(?:\.\d{1,3}){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d{1,3}){2})$|\.(local|localhost|internal|lan|home\.arpa)$/i;

export const APP_URL_NOT_PUBLIC = 'Instagram fetches the video from this server, so APP_URL must be a public https address (it is not). Ask the administrator to set APP_URL.';

export function isPublicHttpsUrl(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && !PRIVATE_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

export function assertPublicAppUrl(address: string): void {
  if (!isPublicHttpsUrl(address)) throw new PlatformError(APP_URL_NOT_PUBLIC, 'policy', 'app_url_not_public');
}
