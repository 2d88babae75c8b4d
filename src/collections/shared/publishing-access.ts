// Every signed-in user's runtime pulls the publishing collections (accounts, posts, calendar,
// failed jobs, publishable videos), but only plans with can_publish_post may read them: for the
// others the server answers 403, which is the plan, not a sync failure. Read as "nothing changed",
// it shows no sync warning every few minutes; the screens say which plan unlocks publishing.
import type { PullResponse } from '../../sync/pull';

/** The status of a refused GET, whether the HTTP client rejected (axios) or answered it. */
export function statusOf(error: unknown): number | null {
  const e = error as { status?: unknown; response?: { status?: unknown } } | null;
  const status = e?.response?.status ?? e?.status;
  return typeof status === 'number' ? status : null;
}

/** `fetch`, with the plan's 403 read as 304 (nothing changed). */
export function unchangedWhenForbidden<T>(fetch: (etag: string | null) => Promise<PullResponse<T>>): (etag: string | null) => Promise<PullResponse<T>> {
  return (etag) =>
    fetch(etag).catch((error: unknown) => {
      if (statusOf(error) === 403) return { status: 304 as const };
      throw error;
    });
}
