// The heading and introduction of this feature's screens as plain text, without the screens' code:
// the route shows them at once and the screen (with its data layer) renders below them when its
// chunk has arrived (src/app/lazy.ts, `framed`; src/app/page-frames.ts), so the heading does not
// wait for that download.
import type { PageFrameText } from '../../ui/PageFrame';

export const PUBLISH_FRAME: PageFrameText = {
  title: 'Publish',
  description:
    'Post your finished videos to your accounts now or at a time you choose. Works offline: posts wait on this device and go out when you are back online.',
};
