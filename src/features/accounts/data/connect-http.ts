// The accounts collection's connect call bound to the app's API client (bearer token, CSRF, 401
// handling; a refusal rejects with the server's body). The collection takes its client as a
// parameter so the service worker's program stays free of the page's globals.
import type { ConnectResponse, PlatformAvailability, SocialPlatform } from '../../../../contract/publishing';
import { api } from '../../../api';
import { prefetchable } from '../../../api/prefetch';
import { ACCOUNTS_URLS } from './urls';
import { connectUrlWith, type ConnectGet, type ConnectOptions } from './accounts';

const apiGet: ConnectGet = async (url, params) => (await api.get<unknown>(url, { params })).data;

/** GET /api/{platform}/connect?path=…[&popup=1] through the app's API client. */
export function connectUrl(platform: SocialPlatform, options: ConnectOptions = {}): Promise<ConnectResponse> {
  return connectUrlWith(apiGet, platform, options);
}

/** GET /api/social/platforms: which platforms the server has set up, and which are sandboxes. */
export async function platformAvailability(): Promise<PlatformAvailability[]> {
  return (await api.get<{ data: PlatformAvailability[] }>(ACCOUNTS_URLS.platforms)).data.data;
}

/**
 * The platforms' availability asked for while the connect screen's chunk downloads (the route's
 * `prefetch`, src/app/router.tsx): the cards' sandbox notes are then known at the screen's first
 * render instead of growing the cards a moment after it.
 */
export const prefetchedPlatforms = prefetchable(platformAvailability);
