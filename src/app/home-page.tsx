// Home with the publishing domain's warning of posts about to fail for want of an account. The
// app composes the two: features do not import each other's screens. The warning reads the local
// store, so its module (and Dexie with it) loads after the first paint; a failed load leaves it out.
import { lazy, type ComponentType } from 'react';
import { HomePage as HomeScreen } from '../features/home/HomePage';

const LivePublishAlerts = lazy<ComponentType>(() =>
  import('../features/publishing/alerts/PublishAlerts').then(
    (module) => ({ default: module.LivePublishAlertBanner }),
    () => ({ default: () => null }),
  ),
);

export function HomePage() {
  return <HomeScreen PublishAlerts={LivePublishAlerts} />;
}
