// The video's description: the credits its parts ask for, as plain text a creator can paste
// under a post. Composed from the completed video's checkpoint, which never changes after
// completion, and the current version's picture credits once an edit is rendered (written with
// the version), so every API process writes the same text for the same video.
import { VIDEO_DESCRIPTION_MAX } from '../../../contract/videos';
import type { VideoCheckpoint } from './checkpoint';

/** Music credits. The music library holds the creator's own uploads, which need none; a shipped
 *  or licensed track would add its credit line here. */
function musicCredits(_music: VideoCheckpoint['music']): string[] {
  return [];
}

function section(heading: string, lines: string[]): string | null {
  return lines.length > 0 ? `${heading}\n${lines.join('\n')}` : null;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** One line per picture source: a photo used in several scenes is credited once. */
export function visualCreditLines(attributions: ReadonlyArray<string | null | undefined>): string[] {
  return [...new Set(attributions.flatMap((attribution) => (attribution?.trim() ? [oneLine(attribution)] : [])))];
}

/** What a description is made of: the first render's checkpoint and, once an edit is rendered, the current version's picture credits. */
export interface DescribedVideo {
  checkpoint: VideoCheckpoint;
  visualCredits: string[] | null;
}

/** The description of a completed video ('' when nothing in it needs a credit). */
export function composeVideoDescription({ checkpoint, visualCredits }: DescribedVideo): string {
  const scriptSources = checkpoint.script?.attribution?.trim();
  const visuals = visualCredits ?? visualCreditLines((checkpoint.visuals ?? []).map((scene) => scene.attribution));
  const sections = [
    section('Script sources:', scriptSources ? [scriptSources] : []),
    section('Visuals:', visuals),
    section('Music:', musicCredits(checkpoint.music)),
  ].filter((part): part is string => part !== null);
  const text = sections.join('\n\n');
  if (text.length <= VIDEO_DESCRIPTION_MAX) return text;
  // Cut at a line break so no credit is left half-written, and say that some are left out.
  const note = '\n…and more credits than fit here.';
  const cut = text.slice(0, VIDEO_DESCRIPTION_MAX - note.length);
  return `${cut.slice(0, Math.max(0, cut.lastIndexOf('\n')))}${note}`;
}
