// The heading and introduction of this feature's screens as plain text, without the screens' code:
// the route shows them at once and the screen (with its data layer) renders below them when its
// chunk has arrived (src/app/lazy.ts, `framed`; src/app/page-frames.ts), so the heading does not
// wait for that download.
import type { PageFrameText } from '../../ui/PageFrame';

export const CREATE_AI_VIDEO_FRAME: PageFrameText = {
  title: 'Create AI video',
  description:
    'From a script or a topic to a finished, captioned video. Creating works offline too: the video is sent when you are back online.',
};

export const MY_VIDEOS_FRAME: PageFrameText = {
  title: 'My videos',
  description:
    'Your videos and music library. They are kept on this device, so the list works offline; changes sync when you are back online.',
};

export const FACELESS_VIDEO_FRAME: PageFrameText = {
  title: 'Faceless video',
  description: 'Pick a ready-made style: art, captions, voice and pacing are set for you, and you can change any of them.',
};
