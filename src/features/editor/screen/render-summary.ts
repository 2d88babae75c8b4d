// "2 scenes re-voiced, 1 new picture · 14 credits": what the next render makes again, in words.
// Pure; the numbers are the server's price (GET …/timeline `price`) when the saved timeline is the
// working copy, else what the working copy would need.
import { needsRecording, needsVisual, type Timeline, type TimelinePrice } from '../../../../contract/timeline';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function workToRedo(timeline: Timeline): { revoiced: number; pictures: number } {
  return {
    revoiced: timeline.scenes.filter((scene) => needsRecording(scene, timeline.voice)).length,
    pictures: timeline.scenes.filter((scene) => needsVisual(scene)).length,
  };
}

export function describeWork({ revoiced, pictures }: { revoiced: number; pictures: number }): string {
  const parts: string[] = [];
  if (revoiced > 0) parts.push(`${plural(revoiced, 'scene', 'scenes')} re-voiced`);
  if (pictures > 0) parts.push(plural(pictures, 'new picture', 'new pictures'));
  return parts.length > 0 ? parts.join(', ') : 'No new voice or pictures: the scenes are joined again as they are';
}

export function priceLabel(price: Pick<TimelinePrice, 'credits'>): string {
  return price.credits === 0 ? 'free' : plural(price.credits, 'credit', 'credits');
}

/** The next version's number: one past the newest there is. */
export function nextVersion(versions: ReadonlyArray<{ version: number }>): number {
  return versions.reduce((newest, version) => Math.max(newest, version.version), 0) + 1;
}
