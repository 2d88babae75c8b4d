// Captions for the render pipeline: ASS to burn in, SRT/VTT to export. Paging lives in
// contract/captions (pageCaptions) so the browser preview pages identically.
import { writeFile } from 'node:fs/promises';
import type { CaptionInput } from '../types';
import { buildAss } from './ass';

export { assColor, assTime, buildAss, captionBlockRows, captionLayout, escapeAssText, type CaptionLayout } from './ass';
export { headlineCentre, headlineEvents, headlineRows, HEADLINE_CLEARANCE, HEADLINE_DELAY, HEADLINE_ENTRANCE_LIMIT, HEADLINE_MIN_SCENE, type HeadlineCue } from './headline';
export { escapeVttText, toSrt, toVtt } from './subtitles';

/** Writes the ASS script for `input` to `path` (UTF-8, what libass expects). */
export async function writeAssFile(input: CaptionInput, path: string): Promise<void> {
  await writeFile(path, buildAss(input), 'utf8');
}
