// The heading and introduction of this feature's screens as plain text, without the screens' code:
// the route shows them at once and the screen renders below them when its chunk has arrived
// (src/app/lazy.ts, `framed`; src/app/page-frames.ts), so the heading does not wait for that download.
import type { PageFrameText } from '../../ui/PageFrame';

export const USER_PROFILE_FRAME: PageFrameText = {
  title: 'Profile',
  description:
    'Your account, your plan and your credits. A licence code moves you to its plan here, without making a new account.',
};

export const USER_EDIT_FRAME: PageFrameText = {
  title: 'Edit profile',
  description:
    'Change the password you sign in with. Editing your name, photo and other profile details arrives in a later update of Reelflow.',
};
