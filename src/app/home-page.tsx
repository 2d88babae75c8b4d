// Home with the widgets of other domains: the videos domain's "Create a video" and faceless styles
// (painted with home, so its module is imported here) and publishing's warning of posts about to
// fail for want of an account. The app composes them: features do not import each other's screens.
// The warning and home's own sections read the local store, so their modules (and Dexie with them)
// load after the first paint, after the data layer and the schemas they evaluate, a task each (as
// a framed screen's chunk, src/app/lazy.ts); a failed load of the warning leaves it out.
import { lazy, type ComponentType } from 'react';
import { HomePage as HomeScreen, setHomeSectionsPreparation } from '../features/home/HomePage';
import { CreateVideoStart } from '../features/videos/faceless/CreateVideoStart';
import { loadAfterDataLayer } from './lazy';

const publishingContract = () => import('../../contract/publishing');
const videosContract = () => import('../../contract/videos');

setHomeSectionsPreparation(() => loadAfterDataLayer(() => Promise.resolve(), [publishingContract, videosContract]));

const LivePublishAlerts = lazy<ComponentType>(() =>
  loadAfterDataLayer(() => import('../features/publishing/alerts/PublishAlerts'), [publishingContract]).then(
    (module) => ({ default: module.LivePublishAlertBanner }),
    () => ({ default: () => null }),
  ),
);

export function HomePage() {
  return <HomeScreen Start={CreateVideoStart} PublishAlerts={LivePublishAlerts} />;
}
