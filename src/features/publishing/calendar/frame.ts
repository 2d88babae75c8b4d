// The heading and introduction of this feature's screens as plain text, without the screens' code:
// the route shows them at once and the screen (with its data layer) renders below them when its
// chunk has arrived (src/app/lazy.ts, `framed`; src/app/page-frames.ts), so the heading does not
// wait for that download.
import type { PageFrameText } from '../../../ui/PageFrame';

export const CALENDAR_FRAME: PageFrameText = {
  title: 'Calendar',
  description:
    'Your posts by date. Drag a scheduled post to a new time, or open it for its details.',
};
