// An episode's topic and script (docs/decisions/series.md, "No repeats"). The topic comes from
// the creator's list (in order, once each; a sample only looks at the next one) or from the
// topic-ideas port given the past titles and the "never again" list. The written script is
// compared with every earlier episode's title and script and the "never again" topics; one too
// close is written again with a new idea (a new nonce), up to three times.
import { and, desc, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { SeriesAttention } from '../../../../contract/series';
import type { Db } from '../../../db/client';
import { series, seriesEpisodes, type SeriesEpisodeRow, type SeriesRow } from '../../../db/schema-series';
import { closestMatch, normaliseText, SIMILARITY_THRESHOLD } from '../similarity';
import type { EpisodeDeps } from './deps';

export const WRITE_TRIES = 3;
export const LIST_USED_UP = 'Every topic of the list has been made. Add topics to the list, then resume the series.';
export const NO_NEW_TOPIC = 'No new topic was found that is not too close to an earlier episode.';
export const tooClose = (title: string) => `Too close to the earlier episode "${title}" after ${WRITE_TRIES} tries with new ideas.`;

export type Written = { ok: true; topic: string; title: string; script: string } | { ok: false; reason: string; attention?: SeriesAttention };

interface Earlier {
  title: string;
  script?: string | null;
}

/** The series' earlier episodes' titles and scripts, newest first. */
async function history(db: Db, seriesId: string, exceptId: string): Promise<Earlier[]> {
  return db
    .select({ title: sql<string>`${seriesEpisodes.title}`, script: seriesEpisodes.script })
    .from(seriesEpisodes)
    .where(and(eq(seriesEpisodes.seriesId, seriesId), ne(seriesEpisodes.id, exceptId), isNotNull(seriesEpisodes.title)))
    .orderBy(desc(seriesEpisodes.createdAt));
}

/**
 * The next topic of the creator's list, the cursor moved on in the same statement (two workers
 * never take one topic). Topics on the "never again" list are passed over.
 */
async function takeListTopic(db: Db, row: SeriesRow, topics: string[], peek: boolean): Promise<string | null> {
  const avoided = (topic: string) => row.neverAgain.some((never) => normaliseText(never) === normaliseText(topic));
  // A sample only looks at the next topic; the episode that posts it still gets it.
  if (peek) return topics.slice(row.topicCursor).find((topic) => !avoided(topic)) ?? null;
  for (;;) {
    const [moved] = await db
      .update(series)
      .set({ topicCursor: sql`${series.topicCursor} + 1` })
      // Never past the end: topics added to the list later are still ahead of the cursor.
      .where(and(eq(series.id, row.id), lt(series.topicCursor, topics.length)))
      .returning({ cursor: series.topicCursor });
    if (!moved) return null;
    const topic = topics[moved.cursor - 1];
    if (topic === undefined) return null;
    if (!avoided(topic)) return topic;
  }
}

/** Chooses the topic (kept on a redo or a resumed write) and writes a script for it. */
export async function writeTopicAndScript(deps: EpisodeDeps, row: SeriesRow, episode: SeriesEpisodeRow): Promise<Written> {
  const { db } = deps;
  const style = row.style!;
  const earlier = await history(db, row.id, episode.id);
  const avoid = row.neverAgain.map((title) => ({ title }));
  const compared = [...earlier, ...avoid];
  const fixedTopic = episode.topic ?? (row.topic?.mode === 'list' ? await takeListTopic(db, row, row.topic.topics, episode.sample) : null);
  if (row.topic?.mode === 'list' && fixedTopic === null) {
    return { ok: false, reason: LIST_USED_UP, attention: { kind: 'plan', message: LIST_USED_UP, account_id: null } };
  }
  // A list topic is taken once: kept on the episode at once, so a write resumed after a crash uses it.
  if (fixedTopic !== null && episode.topic === null) {
    await db
      .update(seriesEpisodes)
      .set({ topic: fixedTopic })
      .where(and(eq(seriesEpisodes.id, episode.id), eq(seriesEpisodes.status, 'writing')));
  }
  let lastClash = '';
  for (let attempt = 0; attempt < WRITE_TRIES; attempt++) {
    const nonce = `${episode.id}:${episode.videoId ?? 'first'}:${attempt}`;
    let topic = fixedTopic;
    if (topic === null) {
      const source = row.topic?.mode === 'niche' ? row.topic.niche : row.topic?.mode === 'prompt' ? row.topic.prompt : row.name;
      topic = await deps.topicIdeas.next({ source, language: style.language, history: earlier.map((item) => item.title), avoid: row.neverAgain, nonce });
      if (topic === null) return { ok: false, reason: NO_NEW_TOPIC };
    }
    const prompt = episode.reviewNote ? `${topic}. ${episode.reviewNote}` : topic;
    const written = await deps.scriptWriter.write({ prompt, videoDuration: style.duration, language: style.language, tone: style.tone, nonce });
    const title = written.title.trim() || topic;
    const clash = closestMatch({ title, script: written.body }, compared);
    if (!clash || clash.score < SIMILARITY_THRESHOLD) return { ok: true, topic, title, script: written.body };
    lastClash = compared[clash.index]!.title;
  }
  return { ok: false, reason: tooClose(lastClash) };
}
