// The heading and introduction of each framed screen (lazyPage's `framed`, src/app/lazy.ts), by the
// screen's export name, shown while the screen's chunk arrives, and the first request of a screen
// whose first render shows a server's answer (started with the chunk's download). The signed-in
// layout provides them (PageFramesContext), so they travel in its chunk: the sign-in page never
// downloads them, nor the requests' import lists.
import { CONNECT_FRAME } from '../features/accounts/frame';
import { CALENDAR_FRAME } from '../features/publishing/calendar/frame';
import { PUBLISH_FRAME } from '../features/publishing/frame';
import { MY_SCRIPTS_FRAME } from '../features/scripts/frame';
import { CREATE_AI_SERIES_FRAME, SERIES_DETAIL_FRAME, SERIES_EDIT_META_FRAME, SERIES_SETTING_FRAME, VIDEO_SERIES_FRAME } from '../features/series/frame';
import { VIDEO_TRANSCRIPTION_FRAME } from '../features/transcription/frame';
import { USER_EDIT_FRAME, USER_PROFILE_FRAME } from '../features/users/frame';
import { CREATE_AI_VIDEO_FRAME, FACELESS_VIDEO_FRAME, MY_VIDEOS_FRAME } from '../features/videos/frame';
import { afterScreenDataLayer, setScreenDataLayer, type ScreenFrame } from './lazy';

export const PAGE_FRAMES: Readonly<Record<string, ScreenFrame>> = {
  CreateAiVideoPage: CREATE_AI_VIDEO_FRAME,
  MyVideosPage: MY_VIDEOS_FRAME,
  FacelessVideoPage: FACELESS_VIDEO_FRAME,
  UserProfilePage: USER_PROFILE_FRAME,
  UserEditPage: USER_EDIT_FRAME,
  PublishPage: PUBLISH_FRAME,
  CalendarPage: CALENDAR_FRAME,
  VideoTranscriptionPage: VIDEO_TRANSCRIPTION_FRAME,
  CreateAiSeriesPage: CREATE_AI_SERIES_FRAME,
  VideoSeriesPage: VIDEO_SERIES_FRAME,
  SeriesDetailPage: SERIES_DETAIL_FRAME,
  SeriesEditMetaPage: SERIES_EDIT_META_FRAME,
  SeriesSettingPage: SERIES_SETTING_FRAME,
  MyScriptsPage: {
    ...MY_SCRIPTS_FRAME,
    prefetch: () => void afterScreenDataLayer(() => import('../features/scripts/data/scripts-http')).then((http) => http.prefetchedScriptWriter.prefetch()),
  },
  ConnectPage: {
    ...CONNECT_FRAME,
    prefetch: () => void afterScreenDataLayer(() => import('../features/accounts/data/connect-http')).then((http) => http.prefetchedPlatforms.prefetch()),
  },
};

// The framed screens' data layer, imported a part at a time before a screen's chunk (lazy.ts).
setScreenDataLayer(() => import('./sync-runtime-loader').then((loader) => loader.loadScreenDataLayer()));
