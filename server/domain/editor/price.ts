// What the next render of a timeline costs (docs/decisions/editor.md, "Calls"). Only what
// is made again is paid for, at the plan's video rate (credits a second, as a new video is priced):
//   - a scene whose narration must be recorded again (new, its text changed, or the video's voice
//     did) pays for its estimated narration seconds, read at the voice's measured pace and speed;
//   - a scene whose picture must be made (generated or found as stock) pays for its seconds on screen.
// credits = ceil((re-voiced seconds + drawn seconds) × rate); 0 when nothing is made, so a render
// of reordered, trimmed, re-captioned or re-mixed scenes is free (its segments are re-encoded, not
// re-generated).
import type { Timeline, TimelinePrice } from '../../../contract/timeline';
import { needsRecording, needsVisual } from '../../../contract/timeline';
import { estimateNarrationSeconds } from '../../../contract/videos';
import { voiceWordsPerSecond } from '../../../contract/voice-pace';
import { canonical } from '../idempotency/idempotency';

/** Seconds a scene's new narration is expected to take with the timeline's voice. */
export function revoiceSeconds(text: string, timeline: Pick<Timeline, 'voice' | 'language'>): number {
  return estimateNarrationSeconds(text, timeline.voice?.speed ?? 1, voiceWordsPerSecond(timeline.voice, timeline.language));
}

/** Whether two timelines describe the same video (key order and absent fields do not count). */
export function sameTimeline(a: Timeline, b: Timeline): boolean {
  return canonical(a) === canonical(b);
}

/**
 * The price of rendering `timeline` as the next version. `rendered` is the newest version's
 * timeline (what "changed" is measured against); null when there is none to compare with.
 */
export function timelinePrice(timeline: Timeline, creditsPerSecond: number, rendered: Timeline | null): TimelinePrice {
  const revoice = timeline.scenes.filter((scene) => needsRecording(scene, timeline.voice)).map((scene) => ({ scene_id: scene.id, seconds: revoiceSeconds(scene.text, timeline) }));
  const drawn = timeline.scenes.filter((scene) => needsVisual(scene));
  const seconds = revoice.reduce((sum, scene) => sum + scene.seconds, 0) + drawn.reduce((sum, scene) => sum + scene.duration, 0);
  // Rounded to the millisecond first, so float noise (2.0000001 s) never costs a whole credit more.
  const credits = seconds > 0 ? Math.ceil(Math.round(seconds * creditsPerSecond * 1000) / 1000) : 0;
  return { credits, revoice, visuals: drawn.map((scene) => scene.id), changed: rendered === null || !sameTimeline(timeline, rendered) };
}
