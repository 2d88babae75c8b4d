// The heading and introduction of this feature's screens as plain text, without the screens' code:
// the route shows them at once and the screen (with its data layer) renders below them when its
// chunk has arrived (src/app/lazy.ts, `framed`; src/app/page-frames.ts), so the heading does not
// wait for that download.
import type { PageFrameText } from '../../ui/PageFrame';

export const VIDEO_TRANSCRIPTION_FRAME: PageFrameText = {
  title: 'Video transcription',
  description:
    "Turn a video's speech into an editable transcript, styled captions, SRT/VTT files and a captioned video.",
};
