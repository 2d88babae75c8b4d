// Lazy screens with the spec's chunk time-out (§9 "Page chunk loading time-out: 120 seconds").
// A chunk that does not arrive in time rejects with ChunkLoadError, which the router's error
// component shows with a reload button (§8 "Page chunk fails to load: a load error is raised").
import { lazyRouteComponent } from '@tanstack/react-router';
import { createContext, createElement, startTransition, useContext, useEffect, useState, type ComponentType } from 'react';
import { PageLoading } from '../ui/CenteredText';
import { PageFrameLayout, type PageFrameText } from '../ui/PageFrame';
import { yieldToMain } from '../sync/env';
import { loadAllMantineStyles } from './styles/mantine-styles';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Races an import against the time-out; also wraps import failures in ChunkLoadError. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_TIMEOUT_MS): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ChunkLoadError(`Loading the page timed out after ${Math.round(timeoutMs / 1000)} seconds.`));
      }, timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          // Keep the original message: TanStack's lazyRouteComponent recognises "Failed to fetch
          // dynamically imported module" and reloads once after a deployment replaced the chunks.
          const message = error instanceof Error ? error.message : String(error);
          reject(new ChunkLoadError(message, { cause: error }));
        },
      );
    });
}

// The first page's screens render once, when what they show has arrived (holdFirstRender);
// screens mounted after that (nested ones inside that render, later navigations) render at once.
let released = false;
/** How long the first page waits for a restored session's permissions once its chunks are in. */
export const FIRST_RENDER_PERMISSIONS_WAIT_MS = 1000;
let hold: Promise<void> = Promise.resolve();

/**
 * Start-up: the first page's screens start rendering when `ready` settles (fulfilled or not), with
 * "Loading..." until then. The entry passes the page's chunks and, for a restored session, its
 * permissions (for at most a moment): the shell and the screen then render and paint once, with
 * the permissions they show, instead of rendering the shell with "Loading permissions..." and
 * rendering it all again a moment later (each render of the shell and home is hundreds of
 * milliseconds on a phone's CPU; Lighthouse LCP and TBT, docs/decisions/performance.md).
 */
export function holdFirstRender(ready: Promise<unknown>): void {
  hold = ready.then(
    () => undefined,
    () => undefined,
  );
}

export interface LazyPageOptions {
  /**
   * A first screen (sign-in, registration, the signed-in layout, home): every Mantine component it
   * shows is styled by src/app/styles/first-screen.css, so it does not wait for the whole sheet.
   * tests/e2e/first-screen-styles.test.ts checks that it is so.
   */
  firstScreen?: boolean;
  /**
   * The route shows the screen's heading and introduction at once, with "Loading..." below (the
   * light PageLoading: this module is part of the entry, so nothing heavier), and renders the
   * screen in their place when its chunk (and the whole style sheet) has arrived: the heading of
   * a screen whose chunk brings its data layer (Dexie, the HTTP client, zod, the offline engine's
   * parts) no longer waits for all of that (Lighthouse LCP on every signed-in screen,
   * docs/decisions/performance.md). The router never waits for such a route's chunk, at start-up
   * or when navigating; a hovered or focused link still starts its download. The texts come from
   * PageFramesContext, keyed by the screen's export name.
   */
  framed?: boolean;
  /**
   * For a framed screen: modules its chunk imports statically whose evaluation is long (the
   * contract's zod schemas), requested with the data layer and each evaluated in a task of its own
   * as it arrives, before the screen's chunk; evaluated with the screen they made its task one of
   * the longest of the load (Lighthouse Total Blocking Time, docs/decisions/performance.md).
   */
  parts?: ReadonlyArray<() => Promise<unknown>>;
}

/** A framed screen's heading and introduction, and what its frame starts besides the screen's chunk. */
export interface ScreenFrame extends PageFrameText {
  /**
   * The screen's first data request, started when the frame first renders, with the download of
   * the screen's chunk, instead of after the chunk has arrived and the screen has rendered: the
   * answer is then usually in for the screen's first render, which shows it at its final size
   * instead of growing a moment later (Lighthouse CLS, docs/decisions/performance.md). A dynamic
   * import of the feature's data call (src/api/prefetch.ts).
   */
  prefetch?: () => void;
}

/**
 * The frames by screen export name (src/app/page-frames.ts). Provided by the signed-in layout,
 * whose chunk holds them: the entry (and so the sign-in page) never downloads them.
 */
export const PageFramesContext = createContext<Readonly<Record<string, ScreenFrame>>>({});

/**
 * At start-up, true until the first page may render (holdFirstRender); then false, after which
 * the component renders in a transition (React slices it into short tasks).
 */
function useStartUpHold(): boolean {
  const [deferred, setDeferred] = useState(() => !released);
  useEffect(() => {
    if (!deferred) return undefined;
    let active = true;
    void hold.then(() => {
      if (!active) return;
      released = true;
      startTransition(() => setDeferred(false));
    });
    return () => {
      active = false;
    };
  }, [deferred]);
  return deferred;
}

type LazyRouteComponent = ReturnType<typeof lazyRouteComponent>;

let screenDataLayer: (() => Promise<unknown>) | undefined;

/**
 * Imports a framed screen's chunk waits for: the data layer its chunk imports statically
 * (loadScreenDataLayer), each part evaluated in a task of its own as it arrives. Evaluated with the
 * screen, it was one long main-thread task when the chunk landed (Lighthouse Total Blocking Time,
 * docs/decisions/performance.md). Set by the signed-in layout (page-frames.ts), so the import's
 * list of chunks is not part of the entry, which the sign-in page downloads.
 */
export function setScreenDataLayer(load: () => Promise<unknown>): void {
  screenDataLayer = load;
}

/**
 * Runs `load` once the framed screens' data layer is in, evaluated a part per task: a screen's
 * prefetch imports its feature's HTTP calls, which import the HTTP client and the store, and
 * imported straight away they evaluated all of that in one long task (Lighthouse Total Blocking
 * Time on `/connect` and `/my-scripts`, docs/decisions/performance.md).
 */
export function afterScreenDataLayer<T>(load: () => Promise<T>): Promise<T> {
  return screenDataLayer ? screenDataLayer().then(load) : load();
}

/** How long afterNextPaint waits for a display frame at most (a hidden tab paints none). */
const PAINT_WAIT_MS = 100;

/**
 * Runs `task` once, in the task after the next frame has been painted, or after PAINT_WAIT_MS when
 * no frame comes (a page in a background tab). Returns a cancel function.
 */
function afterNextPaint(task: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    task();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frameId = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(run, 0))) : undefined;
  const fallback = setTimeout(run, PAINT_WAIT_MS);
  return () => {
    done = true;
    if (frameId !== undefined) cancelAnimationFrame(frameId);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/**
 * `load` after the data layer and `parts`, each evaluated in a task of its own: how a framed
 * screen's chunk arrives, and any other late chunk that reads the store (home's sections).
 */
export function loadAfterDataLayer<T>(load: () => Promise<T>, parts: ReadonlyArray<() => Promise<unknown>>): Promise<T> {
  if (parts.length === 0) return afterScreenDataLayer(load);
  // A part that fails is left to the screen's own import, which reports it.
  const partsIn = Promise.all(parts.map((part) => part().catch(() => undefined)));
  return afterScreenDataLayer(() => partsIn.then(yieldToMain).then(load));
}

/** A route component showing its frame until `page`'s chunk is in, then the page (see LazyPageOptions.framed). */
function framedPage(page: LazyRouteComponent, exportName: string) {
  // TanStack removes `preload` once the chunk has arrived; a failed load keeps it and the page's
  // render throws the error to the route's error component, as before.
  const chunkIsIn = () => page.preload === undefined;
  const FramedPage = (props: object) => {
    const deferred = useStartUpHold();
    const frame = useContext(PageFramesContext)[exportName];
    const [ready, setReady] = useState(chunkIsIn);
    useEffect(() => {
      if (deferred || ready) return undefined;
      let active = true;
      // Once the frame has painted: requested with it, the screen's chunks shared the phone's link
      // with what that paint was waiting for (Lighthouse LCP, docs/decisions/performance.md).
      const cancel = afterNextPaint(() => {
        frame?.prefetch?.();
        void (page.preload?.() ?? Promise.resolve()).then(() => {
          if (active) startTransition(() => setReady(true));
        });
      });
      return () => {
        active = false;
        cancel();
      };
    }, [deferred, ready, frame]);
    if (deferred) return createElement(PageLoading);
    if (!ready) {
      return frame
        ? createElement(PageFrameLayout, { title: frame.title, description: frame.description }, createElement(PageLoading))
        : createElement(PageLoading);
    }
    return createElement(page as ComponentType<object>, props);
  };
  // The router awaits a component's `preload` before it renders the route. This one starts the
  // download and returns nothing to wait for, so the frame shows at once. At start-up it is not
  // offered at all: the screen's chunk then follows the layout's and the permissions (the frame's
  // first render starts it) instead of sharing a slow link with what the frame needs.
  const startDownload = () => {
    void page.preload?.();
  };
  Object.defineProperty(FramedPage, 'preload', { get: () => (released && page.preload ? startDownload : undefined) });
  return FramedPage as unknown as LazyRouteComponent;
}

/**
 * A lazily loaded route component with the chunk time-out.
 *
 * At start-up the screen's first render is a transition: the screen mounts showing "Loading..."
 * (what the router shows while a screen's chunk arrives) and renders itself in a transition,
 * which React splits into ~5 ms slices. Rendered straight from the router, whose store updates
 * React renders synchronously, a screen's first render was one main-thread task of hundreds of
 * milliseconds on a phone-class CPU (Lighthouse Total Blocking Time; docs/decisions/performance.md).
 * (Suspending through React.lazy would slice it too, but React holds a revealed Suspense retry
 * back for up to 300 ms after a fallback: later content for real users.) The screens nested in
 * the first one mount inside its transition and render in it: one commit for the whole page.
 * TanStack's component keeps its own behaviour: preload for the router, one reload when a
 * deployment removed the chunk, errors to the route's error component.
 */
export const lazyPage = <T extends Record<string, unknown>, K extends keyof T & string>(
  load: () => Promise<T>,
  exportName: K,
  options: LazyPageOptions = {},
) => {
  // A screen whose Mantine components are not all in the first screens' styles loads with the
  // whole sheet (src/app/styles/mantine-styles.ts), fetched alongside its chunk.
  // Read when loading, not now: the signed-in layout sets it after the routes are made.
  const loadScreen = options.framed ? () => loadAfterDataLayer(load, options.parts ?? []) : load;
  const loadWithStyles = options.firstScreen ? loadScreen : () => Promise.all([loadScreen(), loadAllMantineStyles()]).then(([module]) => module);
  const page = lazyRouteComponent(withChunkTimeout(loadWithStyles), exportName);
  if (options.framed) return framedPage(page, exportName);
  const LazyPage = (props: object) => {
    const deferred = useStartUpHold();
    return deferred ? createElement(PageLoading) : createElement(page as ComponentType<object>, props);
  };
  // The router preloads while `preload` exists; TanStack removes it once the chunk has arrived.
  Object.defineProperty(LazyPage, 'preload', { get: () => page.preload });
  return LazyPage as typeof page;
};
