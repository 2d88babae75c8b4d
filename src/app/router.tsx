// The route tree of spec §2, code-based. Signed-in screens sit in a pathless layout at "/" (the
// shell + route guard); public screens sit in a layout that sends signed-in users to "/".
// Every screen is lazily loaded with the 120-second chunk time-out (src/app/lazy.ts); the screens
// whose chunks bring a data layer show their heading and introduction while that chunk arrives
// (`framed`; the texts are the features' frame.ts, given by the signed-in layout: page-frames.ts).
import { createRootRoute, createRoute, createRouter, Outlet, type RouteComponent } from '@tanstack/react-router';
import type { RoutePermission } from '../../contract';
import { onUnauthenticated } from '../api/events';
import { PageLoading } from '../ui/CenteredText';
import { SkipLink } from '../ui/Landmarks';
import { NotFoundPage, RouteErrorScreen } from './ErrorScreens';
import { lazyPage, type LazyPageOptions } from './lazy';
import { DocumentTitle } from './page-title';
import { PublicOnlyLayout } from './PublicOnlyLayout';
import { parseSearch, searchString, stringifySearch } from './search';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The permission entry a route needs (spec §2); checked by the route guard. */
    permission?: RoutePermission;
    /** The page's name in the document title ("My scripts" → "My scripts · Reelflow"); see page-title.tsx. */
    title?: string;
  }
}

/**
 * A signed-in screen whose chunk brings a data layer: its frame first, and the contract modules
 * whose schemas it evaluates, each in a task of its own before the screen (src/app/lazy.ts).
 */
const framed = (...parts: ReadonlyArray<() => Promise<unknown>>): LazyPageOptions => ({ framed: true, parts });
const captionsContract = () => import('../../contract/captions');
const publishingContract = () => import('../../contract/publishing');
const scriptsContract = () => import('../../contract/scripts');
const videosContract = () => import('../../contract/videos');
const seriesContract = () => import('../../contract/series');

/** Every page: the title from the matched route, "Skip to content" as the first focusable element. */
function RootLayout() {
  return (
    <>
      <DocumentTitle />
      <SkipLink />
      <Outlet />
    </>
  );
}

const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

// ---- public pages (spec §2) -------------------------------------------------------------------
const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicOnlyLayout });

const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'login',
  staticData: { title: 'Sign in' },
  component: lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage', { firstScreen: true }),
});
const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register',
  staticData: { title: 'Create your account' },
  component: lazyPage(() => import('../features/auth/RegisterPage'), 'RegisterPage', { firstScreen: true }),
});
const licenseRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'license',
  staticData: { title: 'Activate a licence' },
  component: lazyPage(() => import('../features/auth/LicensePage'), 'LicensePage'),
});
const registerWithLicenseRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'register-with-license',
  staticData: { title: 'Create your account with a licence' },
  validateSearch: (search: Record<string, unknown>): { license_key?: string } => ({
    license_key: searchString(search.license_key),
  }),
  component: lazyPage(() => import('../features/auth/RegisterWithLicensePage'), 'RegisterWithLicensePage'),
});
const forgetPasswordRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'forget-password',
  staticData: { title: 'Reset your password' },
  component: lazyPage(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
});
/** Not in the spec's list: the server's password-reset mail links here (docs/decisions/ui.md). */
const resetPasswordRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: 'reset-password',
  staticData: { title: 'Choose a new password' },
  validateSearch: (search: Record<string, unknown>): { token?: string; email?: string } => ({
    token: searchString(search.token),
    email: searchString(search.email),
  }),
  component: lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
});

// ---- open to everyone -------------------------------------------------------------------------
const unauthorizedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'unauthorized',
  staticData: { title: 'Not available' },
  component: lazyPage(() => import('../features/system/UnauthorizedPage'), 'UnauthorizedPage'),
});

// ---- signed-in pages (spec §2 table) ----------------------------------------------------------
// The shell (navigation, sync indicator, icons, modals, the offline engine's UI) is its own
// chunk, so the public pages never download it (initial JavaScript budgets).
const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazyPage(() => import('./SignedInApp'), 'SignedInApp', { firstScreen: true }),
});

function page<TPath extends string>(path: TPath, title: string, component: RouteComponent, permission?: RoutePermission) {
  return { getParentRoute: () => appLayout, path, component, staticData: permission ? { title, permission } : { title } };
}

const homeRoute = createRoute(page('/', 'Home', lazyPage(() => import('./home-page'), 'HomePage', { firstScreen: true })));
const facelessVideoRoute = createRoute(
  page('faceless-video', 'Faceless video', lazyPage(() => import('../features/videos/FacelessVideoPage'), 'FacelessVideoPage', framed(captionsContract, videosContract, scriptsContract, () => import('../../contract/voices')))),
);
/** Pre-fill of the create flow (the faceless-video gallery); strings, checked by the page. */
const CREATE_VIDEO_SEARCH = ['style', 'prompt', 'duration', 'language', 'art_style', 'caption_preset', 'speed', 'voice_gender', 'aspect_ratio', 'tone'] as const;
const createAiVideoRoute = createRoute({
  ...page('create-ai-video', 'Create AI video', lazyPage(() => import('../features/videos/CreateAiVideoPage'), 'CreateAiVideoPage', framed(captionsContract, videosContract, scriptsContract, () => import('../../contract/voices'))), 'can_create_video'),
  validateSearch: (search: Record<string, unknown>) => {
    const values: Partial<Record<(typeof CREATE_VIDEO_SEARCH)[number], string>> = {};
    for (const key of CREATE_VIDEO_SEARCH) {
      const value = searchString(search[key]);
      if (value !== undefined) values[key] = value;
    }
    return values;
  },
});
const createAiSeriesRoute = createRoute(
  page('create-ai-series', 'Create AI series', lazyPage(() => import('../features/series/CreateAiSeriesPage'), 'CreateAiSeriesPage', framed(seriesContract)), 'can_create_series'),
);
const createAiSeriesWithIdRoute = createRoute(
  page('create-ai-series/$seriesId', 'Create AI series', lazyPage(() => import('../features/series/CreateAiSeriesPage'), 'CreateAiSeriesPage', framed(seriesContract)), 'can_create_series'),
);
const videoSeriesRoute = createRoute(
  page('video-series', 'Video series', lazyPage(() => import('../features/series/VideoSeriesPage'), 'VideoSeriesPage', framed(seriesContract)), 'can_create_series'),
);
const videoSeriesDetailRoute = createRoute(
  page('video-series/detail/$id', 'Series details', lazyPage(() => import('../features/series/SeriesDetailPage'), 'SeriesDetailPage', framed(seriesContract)), 'can_create_series'),
);
const videoSeriesEditMetaRoute = createRoute(
  page('video-series/edit-meta', 'Edit series details', lazyPage(() => import('../features/series/SeriesEditMetaPage'), 'SeriesEditMetaPage', framed(seriesContract)), 'can_create_series'),
);
const videoSeriesSettingRoute = createRoute(
  page('video-series/setting/$id', 'Series settings', lazyPage(() => import('../features/series/SeriesSettingPage'), 'SeriesSettingPage', framed(seriesContract)), 'can_create_series'),
);
const publishRoute = createRoute(
  page('publish', 'Publish', lazyPage(() => import('../features/publishing/PublishPage'), 'PublishPage', framed(publishingContract, () => import('../../contract/preflight'))), 'can_publish_post'),
);
const calendarRoute = createRoute(
  page('calender', 'Calendar', lazyPage(() => import('../features/publishing/calendar/CalendarPage'), 'CalendarPage', framed(publishingContract)), 'can_publish_post'),
);
const connectRoute = createRoute(
  page(
    'connect',
    'Connect accounts',
    lazyPage(() => import('../features/accounts/ConnectPage'), 'ConnectPage', framed(publishingContract)),
    'can_publish_post',
  ),
);
const videoTranscriptionRoute = createRoute(
  page(
    'video-transcription', 'Video transcription',
    lazyPage(() => import('../features/transcription/VideoTranscriptionPage'), 'VideoTranscriptionPage', framed(captionsContract, () => import('../../contract/transcriptions'))),
    'can_create_video_caption',
  ),
);
const creditsHistoryRoute = createRoute(
  page('users/credits-history', 'Credits history', lazyPage(() => import('../features/credits/CreditsHistoryPage'), 'CreditsHistoryPage')),
);
const userEditRoute = createRoute(page('users/user-edit', 'Edit profile', lazyPage(() => import('../features/users/UserEditPage'), 'UserEditPage', framed())));
const userProfileRoute = createRoute(
  page('users/user-profile', 'Profile', lazyPage(() => import('../features/users/UserProfilePage'), 'UserProfilePage', framed())),
);
const brandingRoute = createRoute(page('users/branding', 'Branding', lazyPage(() => import('../features/users/BrandingPage'), 'BrandingPage')));
const myVideosRoute = createRoute({
  ...page('my-videos', 'My videos', lazyPage(() => import('../features/videos/MyVideosPage'), 'MyVideosPage', framed(videosContract))),
  /** `play`: a video to open in the player at once (a series episode's Play). */
  validateSearch: (search: Record<string, unknown>): { play?: string } => ({ play: searchString(search.play) }),
});
/** Not in the spec's list: the licences of what ships with the app (docs/decisions/ui.md). */
const aboutRoute = createRoute(page('about', 'About Reelflow', lazyPage(() => import('../features/about/AboutPage'), 'AboutPage')));
const editorRoute = createRoute({
  ...page('editor', 'Editor', lazyPage(() => import('../features/editor/EditorPage'), 'EditorPage')),
  /** `video`: the video to open (docs/decisions/editor.md, "Screens"); without it, a list to pick from. */
  validateSearch: (search: Record<string, unknown>): { video?: string } => ({ video: searchString(search.video) }),
});
const myScriptsRoute = createRoute(
  page(
    'my-scripts',
    'My scripts',
    lazyPage(() => import('../features/scripts/MyScriptsPage'), 'MyScriptsPage', framed(scriptsContract)),
  ),
);

export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([
    loginRoute,
    registerRoute,
    licenseRoute,
    registerWithLicenseRoute,
    forgetPasswordRoute,
    resetPasswordRoute,
  ]),
  unauthorizedRoute,
  appLayout.addChildren([
    homeRoute,
    facelessVideoRoute,
    createAiVideoRoute,
    createAiSeriesRoute,
    createAiSeriesWithIdRoute,
    videoSeriesRoute,
    videoSeriesDetailRoute,
    videoSeriesEditMetaRoute,
    videoSeriesSettingRoute,
    publishRoute,
    calendarRoute,
    connectRoute,
    videoTranscriptionRoute,
    creditsHistoryRoute,
    userEditRoute,
    userProfileRoute,
    brandingRoute,
    myVideosRoute,
    editorRoute,
    myScriptsRoute,
    aboutRoute,
  ]),
]);

export function createAppRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    parseSearch,
    stringifySearch,
    defaultPendingComponent: PageLoading,
    defaultPendingMs: 200,
    defaultPendingMinMs: 300,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundPage,
    defaultPreload: 'intent',
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * Starts downloading the lazy chunks (layout, screen) of the routes matching `pathname` at once,
 * before React's first render, so the download overlaps the start-up work instead of following
 * it (first paint on a slow link). Failures are left to the route's own load, which
 * shows the chunk error screen. Settles once they are all in (or failed): the entry holds the
 * first render until then (holdFirstRender).
 */
export function preloadRouteChunks(pathname: string): Promise<void> {
  const [routes] = router.getMatchedRoutes(pathname);
  const loads = routes.map((route) => router.loadRouteChunk(route)?.catch(() => undefined) ?? Promise.resolve());
  return Promise.all(loads).then(() => undefined);
}

/** Spec §8 "401: … redirect to /login". Returns the unsubscribe function. */
export function redirectToLoginOnUnauthenticated(): () => void {
  return onUnauthenticated(() => {
    void router.navigate({ to: '/login', replace: true });
  });
}
