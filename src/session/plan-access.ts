// Every signed-in user's runtime pulls every collection, but some need a plan's permission: the
// publishing ones (posts, calendar, failed jobs, publishable videos) can_publish_post,
// transcriptions can_create_video_caption, series can_create_series. For other plans the server answers 403, which is the
// plan, not a sync failure. Read as "nothing changed", it shows no sync warning every few minutes;
// the screens say which plan unlocks the feature. When this device's copy of the user's
// permissions (written on every permissions load) already says the plan lacks it, the request is
// not sent at all: no 403 in the browser's console, no wasted round trip on a phone network.
import type { Permissions } from '../../contract';
import { permissionsRepo, sessionRepo } from '../store/repositories';
import type { PullResponse } from '../sync/pull';

export type PlanPermission = 'can_publish_post' | 'can_create_video_caption' | 'can_create_series';

/** The status of a refused GET, whether the HTTP client rejected (axios) or answered it. */
export function statusOf(error: unknown): number | null {
  const e = error as { status?: unknown; response?: { status?: unknown } } | null;
  const status = e?.response?.status ?? e?.status;
  return typeof status === 'number' ? status : null;
}

/**
 * True only when the cached permissions clearly lack `permission` by the server's rule (full
 * access, or the flag true). No copy, or any doubt: false, and the server decides.
 */
export function lacksPermission(permissions: Permissions | null, permission: PlanPermission): boolean {
  if (!permissions) return false;
  const full = permissions.full_access;
  if (full === true || full === '1' || full === 1) return false;
  const value = permissions[permission];
  return value === undefined || value === null || value === false;
}

async function cachedPlanLacks(permission: PlanPermission): Promise<boolean> {
  try {
    const user = await sessionRepo.get('user');
    return user ? lacksPermission(await permissionsRepo.get(user.id), permission) : false;
  } catch {
    return false;
  }
}

/**
 * `fetch`, skipped when the cached plan lacks `permission` (if one is named), and with the plan's
 * 403 read as 304 (nothing changed).
 */
export function unchangedWhenForbidden<T>(
  fetch: (etag: string | null) => Promise<PullResponse<T>>,
  permission?: PlanPermission,
): (etag: string | null) => Promise<PullResponse<T>> {
  return async (etag) => {
    if (permission && (await cachedPlanLacks(permission))) return { status: 304 as const };
    return fetch(etag).catch((error: unknown) => {
      if (statusOf(error) === 403) return { status: 304 as const };
      throw error;
    });
  };
}
