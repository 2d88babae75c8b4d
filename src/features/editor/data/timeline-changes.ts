// What differs between two timelines, in short sentences for the conflict dialog ("Scene 3's line
// changed", "Music volume 25 % → 10 %", "Scene 2 was deleted"). Scenes are followed by id, so a
// reorder is one sentence, not a change to every scene. Scene numbers are those of `a` for a
// deleted scene and of `b` otherwise (where the creator will find them). Pure.
import type { Timeline, TimelineScene } from '../../../../contract/timeline';
import { sameJson } from './timeline-equal';

const percent = (volume: number) => `${Math.round(volume * 100)} %`;
const secondsText = (value: number) => `${Math.round(value * 10) / 10} s`;

function sceneChanges(number: number, a: TimelineScene, b: TimelineScene): string[] {
  const lines: string[] = [];
  const name = `Scene ${number}`;
  if (a.text !== b.text) lines.push(`${name}’s line changed`);
  if (!sameJson({ ...a.visual, motion: null, trim_start: 0 }, { ...b.visual, motion: null, trim_start: 0 })) lines.push(`${name}’s picture changed`);
  if (!sameJson(a.visual.motion, b.visual.motion)) lines.push(`${name}’s camera move changed`);
  if (a.visual.trim_start !== b.visual.trim_start) lines.push(`${name}’s clip starts at ${secondsText(b.visual.trim_start)} instead of ${secondsText(a.visual.trim_start)}`);
  if (Math.abs(a.duration - b.duration) >= 0.05) lines.push(`${name} lasts ${secondsText(b.duration)} instead of ${secondsText(a.duration)}`);
  // A rewritten line re-times its captions; only a caption change of its own is worth a sentence.
  if (a.text === b.text && !sameJson(a.captions.map((w) => w.word), b.captions.map((w) => w.word))) lines.push(`${name}’s captions changed`);
  if (a.text === b.text && !sameJson(a.recording, b.recording)) lines.push(`${name} was recorded again`);
  return lines;
}

export function describeTimelineChanges(a: Timeline, b: Timeline): string[] {
  const lines: string[] = [];
  const afterIds = new Set(b.scenes.map((scene) => scene.id));
  const beforeIds = new Set(a.scenes.map((scene) => scene.id));

  a.scenes.forEach((scene, index) => {
    if (!afterIds.has(scene.id)) lines.push(`Scene ${index + 1} was deleted`);
  });
  b.scenes.forEach((scene, index) => {
    if (!beforeIds.has(scene.id)) lines.push(`Scene ${index + 1} is new`);
  });
  const keptBefore = a.scenes.filter((scene) => afterIds.has(scene.id)).map((scene) => scene.id);
  const keptAfter = b.scenes.filter((scene) => beforeIds.has(scene.id)).map((scene) => scene.id);
  if (!sameJson(keptBefore, keptAfter)) lines.push('The scenes are in another order');
  const before = new Map(a.scenes.map((scene) => [scene.id, scene]));
  b.scenes.forEach((scene, index) => {
    const old = before.get(scene.id);
    if (old) lines.push(...sceneChanges(index + 1, old, scene));
  });

  if (!sameJson(a.voice, b.voice)) lines.push('The voice changed');
  if (a.music === null && b.music !== null) lines.push('Music was added');
  else if (a.music !== null && b.music === null) lines.push('The music was removed');
  else if (a.music && b.music) {
    if (a.music.track_id !== b.music.track_id) lines.push(`The music is ${b.music.title ? `“${b.music.title}”` : 'another track'} now`);
    if (a.music.volume !== b.music.volume) lines.push(`Music volume ${percent(a.music.volume)} → ${percent(b.music.volume)}`);
    if (a.music.ducking !== b.music.ducking) lines.push(b.music.ducking ? 'The music dips under the voice' : 'The music no longer dips under the voice');
    if (a.music.fade_in !== b.music.fade_in || a.music.fade_out !== b.music.fade_out) lines.push('The music fades changed');
  }
  if (!sameJson(a.captions, b.captions)) lines.push('The caption style changed');
  if (a.aspect_ratio !== b.aspect_ratio) lines.push(`Aspect ratio ${a.aspect_ratio} → ${b.aspect_ratio}`);
  if (a.watermark !== b.watermark) lines.push(b.watermark ? 'The watermark was added' : 'The watermark was removed');
  if (a.art_style !== b.art_style) lines.push('The art style changed');
  if (a.language !== b.language) lines.push('The language changed');
  if (a.tail !== b.tail) lines.push(`The ending lasts ${secondsText(b.tail)} instead of ${secondsText(a.tail)}`);
  return lines;
}
