// The navigation of the signed-in shell: every signed-in route area (spec §2). The permission
// here only marks an item as locked; the route guard is what enforces it.
import {
  IconBrush,
  IconCalendarEvent,
  IconCoins,
  IconEdit,
  IconFileText,
  IconHome,
  IconLayoutList,
  IconMovie,
  IconPlugConnected,
  IconSend,
  IconSparkles,
  IconSubtitles,
  IconUserCircle,
  IconUserEdit,
  IconVideo,
  IconVideoPlus,
  type Icon,
} from '@tabler/icons-react';
import type { RoutePermission } from '../../../contract';

export interface NavItem {
  label: string;
  to:
    | '/'
    | '/faceless-video'
    | '/create-ai-video'
    | '/create-ai-series'
    | '/video-series'
    | '/publish'
    | '/calender'
    | '/connect'
    | '/video-transcription'
    | '/my-videos'
    | '/my-scripts'
    | '/editor'
    | '/users/credits-history'
    | '/users/user-profile'
    | '/users/user-edit'
    | '/users/branding';
  icon: Icon;
  permission?: RoutePermission;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    label: 'Create',
    items: [
      { label: 'Home', to: '/', icon: IconHome },
      { label: 'Faceless video', to: '/faceless-video', icon: IconSparkles },
      { label: 'Create AI video', to: '/create-ai-video', icon: IconVideoPlus, permission: 'can_create_video' },
      { label: 'Create AI series', to: '/create-ai-series', icon: IconLayoutList, permission: 'can_create_series' },
      { label: 'Video series', to: '/video-series', icon: IconMovie, permission: 'can_create_series' },
      { label: 'Video transcription', to: '/video-transcription', icon: IconSubtitles, permission: 'can_create_video_caption' },
    ],
  },
  {
    label: 'Publish',
    items: [
      { label: 'Publish', to: '/publish', icon: IconSend, permission: 'can_publish_post' },
      { label: 'Calendar', to: '/calender', icon: IconCalendarEvent, permission: 'can_publish_post' },
      { label: 'Connect accounts', to: '/connect', icon: IconPlugConnected, permission: 'can_publish_post' },
    ],
  },
  {
    label: 'Library',
    items: [
      { label: 'My videos', to: '/my-videos', icon: IconVideo },
      { label: 'My scripts', to: '/my-scripts', icon: IconFileText },
      { label: 'Editor', to: '/editor', icon: IconEdit },
    ],
  },
  {
    label: 'Account',
    items: [
      { label: 'Credits history', to: '/users/credits-history', icon: IconCoins },
      { label: 'Profile', to: '/users/user-profile', icon: IconUserCircle },
      { label: 'Edit profile', to: '/users/user-edit', icon: IconUserEdit },
      { label: 'Branding', to: '/users/branding', icon: IconBrush },
    ],
  },
];

/** The accessible label of the lock marker on areas the plan does not include. */
export const LOCKED_LABEL = 'locked — upgrade your plan';

/** The lock marker's accessible label, naming the plan that unlocks the area when it is known. */
export function lockedLabel(planName?: string): string {
  return planName ? `locked — included in the ${planName} plan` : LOCKED_LABEL;
}
