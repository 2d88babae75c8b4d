// When the credits balance has moved on the server. Videos are charged when the server queues them
// (a create or a restart delivered, also a failed render restarted from the failed jobs) and
// refunded when they fail, when they come out shorter than paid for, and when one that never
// finished is deleted. The page learns of each through its local store, whichever context did the
// work (this tab, another one, the service worker): an outbox item of those kinds leaving the queue
// (delivered, or dropped), or a video's pull showing it finished, failed or charged differently.
// Transcriptions cost no credits; script generation answers with the new balance itself. No React.
import { liveQuery } from 'dexie';
import { db } from '../../../store/db';
import { rescheduleFailedJobMutation } from '../../publishing/data';
import { VIDEO_KINDS } from '../../videos/data';

/** The outbox kinds whose delivery may charge or refund credits. */
export const BALANCE_KINDS: readonly string[] = [...VIDEO_KINDS, rescheduleFailedJobMutation.kind];

/**
 * A fingerprint of what the balance depends on: the charged amount and the outcome (finished,
 * failed, or still on its way) of every video the server has confirmed, and the queued changes
 * that may charge or refund. Progress of a render does not move it.
 */
export async function balanceSignature(): Promise<string> {
  const [videos, items] = await Promise.all([db.videos.toArray(), db.outbox.toArray()]);
  const settled = videos
    .filter((video) => video.syncStatus === 'synced')
    .map((video) => `${video.id}:${video.status === 'completed' || video.status === 'failed' ? video.status : 'active'}:${video.credits_charged}`)
    .sort();
  const queued = items
    .filter((item) => BALANCE_KINDS.includes(item.kind))
    .map((item) => item.id)
    .sort();
  return `${settled.join(',')}|${queued.join(',')}`;
}

/**
 * Calls `refresh` whenever the signature changes after the first reading (the state the session's
 * balance was last read in, or restored with). Returns the function that stops watching.
 */
export function watchBalance(refresh: () => void): () => void {
  let last: string | null = null;
  const subscription = liveQuery(balanceSignature).subscribe({
    next: (signature) => {
      if (last !== null && signature !== last) refresh();
      last = signature;
    },
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}
