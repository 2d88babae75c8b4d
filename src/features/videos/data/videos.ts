// AI videos for the page: everything of video-sync.ts (kinds, outcomes, pull, delete, restart)
// plus createVideoLocally, which validates the request with the contract's zod schema (kept out
// of video-sync.ts so the service worker and the sync runtime do not load zod). No React.
import { createAiVideoRequest, VIDEO_STAGES, type CreateAiVideoRequest, type VideoStage } from '../../../../contract/videos';
import { db, type LocalVideo } from '../../../store/db';
import { appOutbox } from '../../../sync/engine';
import { plain } from '../../../store/local-rows';
import { createVideoMutation, NO_MEDIA, provisionalTitle, videoRows as rows } from './video-sync';

export * from './video-sync';

function pendingStages(): VideoStage[] {
  return VIDEO_STAGES.map((name) => ({ name, status: 'pending', error: null }));
}

/**
 * Create a video on this device: an optimistic 'queued' row (syncStatus 'pending' = waiting to be
 * sent, stages pending, progress 0, no media) and the POST /api/ai-videos in the outbox, in one
 * transaction. The POST body is `request` as given plus the client's uuid (`request.id` when set).
 * Rejects with the first validation message when the request is invalid (nothing is stored).
 */
export async function createVideoLocally(request: CreateAiVideoRequest, quote: { credits: number; seconds: number }): Promise<LocalVideo> {
  const id = request.id ?? crypto.randomUUID();
  const exact = plain({ ...request, id });
  const checked = createAiVideoRequest.safeParse(exact);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'This video request is not valid.');
  const at = new Date().toISOString();
  return rows.write(async () => {
    await appOutbox.enqueue(createVideoMutation, { id, request: exact, quote: { credits: quote.credits, seconds: quote.seconds } });
    const row: LocalVideo = {
      id,
      title: provisionalTitle(request),
      status: 'queued',
      progress: 0,
      stage: null,
      stages: pendingStages(),
      error: null,
      // What the server will charge when it queues it (its answer replaces this).
      credits_charged: quote.credits,
      settings: plain(checked.data),
      created_at: at,
      updated_at: at,
      ai_video: { ...NO_MEDIA },
      keptOffline: false,
      ...(await rows.statusFields(id)),
    };
    await db.videos.put(row);
    await rows.changed();
    return row;
  });
}

