// The stock ids a render has used, per video (its work folder), so one picture or clip never shows
// twice in a video. Kept for the last few hundred renders; a render resumed on another process
// starts with an empty set, which at worst repeats a picture, never fails.
import { dirname } from 'node:path';

/** Renders remembered at once; the oldest is forgotten first. */
const REMEMBERED_VIDEOS = 200;

export class UsedPerVideo {
  private readonly used = new Map<string, Set<string>>();

  /** The ids used so far by the render writing to `outputBase` (add to it as pictures are taken). */
  for(outputBase: string): Set<string> {
    const key = dirname(outputBase);
    let set = this.used.get(key);
    if (!set) {
      set = new Set();
      this.used.set(key, set);
      if (this.used.size > REMEMBERED_VIDEOS) this.used.delete(this.used.keys().next().value!);
    }
    return set;
  }
}
