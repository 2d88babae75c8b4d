// Step 3 of a version: each scene's picture and captions as its own segment, stored under the
// video's folder by the hash of what went into it. A segment already there (an earlier version's,
// or this run's before a crash) is used as it is: a version that changes one scene encodes one.
import { join } from 'node:path';
import { FRAME_SIZES } from '../../../../contract/videos';
import { defaultMotion, sceneFrameCounts, timelineCaptionStyle, TIMELINE_FPS } from '../../../../contract/timeline';
import { assetKey, localAsset } from './assets';
import type { SegmentTally, VersionContext } from './context';

/** Storage key of a segment of this video. */
export const segmentStorageKey = (prefix: string, hash: string) => `${prefix}segments/${hash}.mp4`;

/** What names a stored file's bytes: its key (never rewritten in place) and its size. */
export async function contentIdOf(context: VersionContext, key: string): Promise<string> {
  const facts = await context.services.storage.stat(key);
  if (!facts) throw new Error(`the stored file ${key} is missing`);
  return `${key}#${facts.size}`;
}

export async function encodeSegments(context: VersionContext, tally: SegmentTally): Promise<string[]> {
  const { services, timeline, prefix, workDir, signal } = context;
  const { width, height } = FRAME_SIZES[timeline.aspect_ratio];
  const style = timelineCaptionStyle(timeline);
  const frames = sceneFrameCounts(timeline);
  const keys: string[] = [];
  for (const [index, scene] of timeline.scenes.entries()) {
    if (frames[index]! === 0) continue;
    if (!scene.visual.asset) throw new Error(`scene ${scene.id} has no picture after the drawing step`);
    const visualKey = await assetKey(context, scene.visual.asset);
    const picture = {
      kind: scene.visual.kind,
      // Explicit, so a still's move never depends on its place: reordering re-encodes nothing.
      motion: scene.visual.kind === 'image' ? (scene.visual.motion ?? defaultMotion(index)) : null,
      sceneIndex: index,
      trimStart: scene.visual.trim_start,
      frames: frames[index]!,
      width,
      height,
      fps: TIMELINE_FPS,
      captions: { words: scene.captions.map(({ word, start, end }) => ({ word, start, end })), style },
      headline: scene.visual.headline ?? null,
      watermark: timeline.watermark,
    };
    const hash = services.segments.segmentKey({ ...picture, contentId: await contentIdOf(context, visualKey) });
    const key = segmentStorageKey(prefix, hash);
    if ((await services.storage.stat(key)) !== null) {
      tally.reused.push(scene.id);
    } else {
      const output = join(workDir, `segment-${hash}.mp4`);
      await services.segments.encodeSegment({ ...picture, visualPath: await localAsset(context, visualKey), fontsDir: services.fontsDir, output }, undefined, signal);
      await services.storage.putFile(key, output, 'video/mp4');
      tally.encoded.push(scene.id);
    }
    keys.push(key);
    context.checkpoint.segments = [...keys];
    context.progress((index + 1) / timeline.scenes.length);
  }
  await context.save();
  return keys;
}
