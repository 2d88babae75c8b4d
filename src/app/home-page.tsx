// Home with the widgets of other domains: the videos domain's "Create a video" and faceless styles
// (painted with home, so its module is imported here) and publishing's warning of posts about to
// fail for want of an account. The app composes them: features do not import each other's screens.
// The warning reads the local store, so its module (and Dexie with it) loads after the first
// paint; a failed load leaves it out.
import { lazy, type ComponentType } from 'react';
import { HomePage as HomeScreen } from '../features/home/HomePage';
import { CreateVideoStart } from '../features/videos/faceless/CreateVideoStart';

const LivePublishAlerts = lazy<ComponentType>(() =>
  import('../features/publishing/alerts/PublishAlerts').then(
    (module) => ({ default: module.LivePublishAlertBanner }),
    () => ({ default: () => null }),
  ),
);

export function HomePage() {
  return <HomeScreen Start={CreateVideoStart} PublishAlerts={LivePublishAlerts} />;
}
