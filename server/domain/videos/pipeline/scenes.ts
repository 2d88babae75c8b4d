// Stage 2: the narration cut into scenes, each with a visual prompt and a few search keywords.
// Scenes follow the script's parts: a written script's hook, beats, payoff and call to action
// (its paragraphs), or a creator's own paragraphs, never mixing two; within a long part, scenes
// of about 3–7 seconds at sentence boundaries (long sentences at commas, then by words).
// Timing comes later, from the voice's word timings (visuals stage).
import { NARRATION_WORDS_PER_SECOND } from '../../../../contract/videos';
import { sceneKeywords } from '../../../providers/visuals/keywords';
import type { PlannedScene } from '../checkpoint';
import type { Stage } from './context';

const MIN_SCENE_SECONDS = 3;
const MAX_SCENE_SECONDS = 7;
const minWords = Math.round(MIN_SCENE_SECONDS * NARRATION_WORDS_PER_SECOND);
const maxWords = Math.round(MAX_SCENE_SECONDS * NARRATION_WORDS_PER_SECOND);

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Sentences, with over-long ones split at commas and then into even runs of words. */
export function sentences(text: string): string[] {
  const parts = text
    .split(/(?<=[.!?…。！？])\s+|\n+/)
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.flatMap((sentence) => {
    if (words(sentence).length <= maxWords) return [sentence];
    const clauses = sentence.split(/(?<=[,;:])\s+/).flatMap((clause) => {
      const list = words(clause);
      if (list.length <= maxWords) return [clause];
      const runs = Math.ceil(list.length / maxWords);
      const size = Math.ceil(list.length / runs);
      return Array.from({ length: runs }, (_, i) => list.slice(i * size, (i + 1) * size).join(' '));
    });
    return clauses;
  });
}

/** Groups sentences so each scene holds about minWords–maxWords. */
export function groupScenes(parts: string[]): string[] {
  const scenes: string[] = [];
  let current: string[] = [];
  let count = 0;
  for (const part of parts) {
    const size = words(part).length;
    if (count >= minWords && count + size > maxWords) {
      scenes.push(current.join(' '));
      current = [];
      count = 0;
    }
    current.push(part);
    count += size;
  }
  if (current.length > 0) {
    // A last scene too short to stand on its own joins the one before when that stays short enough.
    const previous = scenes.at(-1);
    if (previous !== undefined && count < minWords && words(previous).length + count <= maxWords + minWords / 2) scenes[scenes.length - 1] = `${previous} ${current.join(' ')}`;
    else scenes.push(current.join(' '));
  }
  return scenes;
}

/** The narration's parts: paragraphs separated by a blank line. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function planScenes(narration: string, artStyle: string, language: string): PlannedScene[] {
  return paragraphs(narration).flatMap((part) => groupScenes(sentences(part))).map((text) => ({
    text,
    prompt: `${text} (${artStyle.replace(/-/g, ' ')} style, vertical short-video frame, no text)`,
    keywords: sceneKeywords(text, language, 4),
    wordCount: words(text).length,
  }));
}

export const scenesStage: Stage = ({ video, checkpoint }) => {
  const narration = checkpoint.script?.text ?? '';
  const scenes = planScenes(narration, video.settings.art_style, video.settings.language);
  if (scenes.length === 0) throw new Error('the script has no words to narrate');
  return Promise.resolve({ scenes });
};
