// An episode's post: created through the posts half (createPost) with an id derived from the
// episode and its video, for the series' accounts at the episode's slot (now when the slot has
// passed). The YouTube title is the episode's title; the description and caption are the video's
// description and the series' hashtags; the tags are the series'.
import { and, eq } from 'drizzle-orm';
import { createPostRequest, type PostOptions } from '../../../../contract/publishing';
import type { EpisodeStatus } from '../../../../contract/series';
import type { Db } from '../../../db/client';
import { seriesEpisodes, type SeriesEpisodeRow, type SeriesRow } from '../../../db/schema-series';
import { aiVideos } from '../../../db/schema-videos';
import { createPost, defaultYoutubeTitle, PostFieldsError } from '../../publishing/posts';
import type { PostCheckSettings } from '../../publishing/preflight';
import type { QueuedTarget } from '../../publishing/targets';
import { composeVideoDescription } from '../../videos/description';
import { postIdFor } from './ids';

const CAPTION_MAX = 2200;
const DESCRIPTION_MAX = 5000;

/** The series' tags as YouTube takes them: at most 50, and 500 characters in all. */
function fittingTags(tags: string[]): string[] {
  const kept: string[] = [];
  for (const tag of tags.slice(0, 50)) if ([...kept, tag].join(',').length <= 500) kept.push(tag);
  return kept;
}

/** The post's options from the series' and the video's words. */
function postOptions(row: SeriesRow, title: string, description: string): PostOptions {
  const youtube = row.destinations.options.youtube;
  return {
    youtube: {
      title: defaultYoutubeTitle(title),
      description: description.replace(/[<>]/g, '').slice(0, DESCRIPTION_MAX),
      tags: fittingTags(row.tags),
      privacy: youtube?.privacy ?? 'public',
      made_for_kids: youtube?.made_for_kids ?? false,
      ai_disclosure: true,
      category_id: youtube?.category_id ?? '22',
    },
    ...(row.destinations.options.tiktok ? { tiktok: row.destinations.options.tiktok } : {}),
    ...(row.destinations.options.instagram ? { instagram: row.destinations.options.instagram } : {}),
  };
}

export type Scheduled = { ok: true; queued: QueuedTarget[] } | { ok: false; reason: string } | { ok: false; reason: null };

/**
 * Inside `tx`: the episode (locked, still in `from`) gets its post and moves to scheduled. A
 * refusal of the post's fields answers its first message (the caller settles the episode failed
 * once this transaction is rolled back); reason null: another run moved the episode first.
 */
export async function scheduleEpisodePost(tx: Db, row: SeriesRow, episode: SeriesEpisodeRow, from: EpisodeStatus, now: Date, checks?: PostCheckSettings): Promise<Scheduled> {
  const [locked] = await tx.select().from(seriesEpisodes).where(eq(seriesEpisodes.id, episode.id)).for('update');
  if (!locked || locked.status !== from || !locked.videoId) return { ok: false, reason: null };
  const [video] = await tx.select().from(aiVideos).where(eq(aiVideos.id, locked.videoId));
  const description = [video ? composeVideoDescription(video) : '', row.hashtags.join(' ')].filter(Boolean).join('\n\n');
  const title = locked.title ?? video?.title ?? row.name;
  const slot = locked.slotAt && locked.slotAt.getTime() > now.getTime() ? locked.slotAt.toISOString() : null;
  const parsed = createPostRequest.safeParse({
    id: postIdFor(locked.id, locked.videoId),
    video_id: locked.videoId,
    account_ids: row.destinations.account_ids,
    caption: description.slice(0, CAPTION_MAX),
    scheduled_at: slot,
    ...(row.timeZone ? { timezone: row.timeZone } : {}),
    options: postOptions(row, title, description),
  });
  // What the series holds no longer makes a valid post (an account list emptied meanwhile …).
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'The post could not be made from the series settings.' };
  const input = parsed.data;
  try {
    const change = await createPost(tx, row.userId, input, now, checks);
    await tx
      .update(seriesEpisodes)
      .set({ status: 'scheduled', postId: change.postId, reason: null })
      .where(and(eq(seriesEpisodes.id, locked.id), eq(seriesEpisodes.status, from)));
    return { ok: true, queued: change.queued };
  } catch (error) {
    if (error instanceof PostFieldsError) return { ok: false, reason: error.message };
    throw error;
  }
}
