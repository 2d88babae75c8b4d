// The heading and introduction of the series screens as plain text, without the screens' code:
// the route shows them at once and the screen (with its data layer) renders below them when its
// chunk has arrived (src/app/lazy.ts, `framed`; src/app/page-frames.ts), so the heading does not
// wait for that download. The screens use the same texts, so nothing changes when they arrive
// (the detail page then names the series itself).
import type { PageFrameText } from '../../ui/PageFrame';

export const CREATE_AI_SERIES_FRAME: PageFrameText = {
  title: 'Create AI series',
  description: 'A topic that becomes a new short video on a schedule and posts itself to your accounts.',
};

export const VIDEO_SERIES_FRAME: PageFrameText = {
  title: 'Video series',
  description: 'Each series turns a topic into a new video on a schedule and posts it for you. The list is kept on this device, so it works offline.',
};

export const SERIES_DETAIL_FRAME: PageFrameText = {
  title: 'Series details',
  description: 'What the series does next, what needs you, and every episode with where it was posted.',
};

export const SERIES_EDIT_META_FRAME: PageFrameText = {
  title: 'Edit series details',
  description: 'The name, description, tags and hashtags of the series. Changes apply to episodes not rendered yet; videos already made keep theirs.',
};

export const SERIES_SETTING_FRAME: PageFrameText = {
  title: 'Series settings',
  description: 'When and where the series posts, how it runs by itself, and how every episode looks.',
};
