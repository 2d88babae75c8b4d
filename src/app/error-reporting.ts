// Error reports: uncaught errors, unhandled rejections and failed API requests are
// sent as POST /api/create/error {path, message} through the outbox (so offline reports arrive
// later, once). Bursts are de-duplicated (one message counts once per 30 s, at most 20 reports a
// minute) and the reporter never reports itself: a failure while reporting is swallowed, and a
// failed error-log request is never reported.
import { onCaughtError, onRequestFailed, type RequestFailure } from '../api/events';

export const DEDUPE_WINDOW_MS = 30_000;
export const MAX_REPORTS_PER_MINUTE = 20;
const ERROR_LOG_URL = '/api/create/error';

export interface ErrorReporterOptions {
  /** Store one report (default: the outbox). */
  enqueue?: (report: { path: string; message: string }) => Promise<unknown>;
  now?: () => number;
  /** The page the report is about (default: location.pathname). */
  path?: () => string;
  dedupeWindowMs?: number;
  maxPerMinute?: number;
}

export interface ErrorReporter {
  /** Report a message; false when it was dropped (duplicate, over the rate, or re-entrant). */
  report(message: string): boolean;
}

function currentPath(): string {
  return typeof location === 'undefined' ? '/' : location.pathname || '/';
}

export function createErrorReporter(options: ErrorReporterOptions = {}): ErrorReporter {
  // The outbox (Dexie) is loaded on first use: the router's error screen imports this module on
  // every page, the sign-in page included, and must not pull the offline engine in with it. The
  // local store comes along: opening it hands the engine its tables.
  const enqueue =
    options.enqueue ?? ((report) => Promise.all([import('../sync'), import('../store/db')]).then(([{ enqueueErrorLog }]) => enqueueErrorLog(report)));
  const now = options.now ?? (() => Date.now());
  const path = options.path ?? currentPath;
  const windowMs = options.dedupeWindowMs ?? DEDUPE_WINDOW_MS;
  const maxPerMinute = options.maxPerMinute ?? MAX_REPORTS_PER_MINUTE;
  const lastSeen = new Map<string, number>();
  let sent: number[] = [];
  let reporting = false;

  return {
    report(raw: string): boolean {
      // Re-entrant (an error thrown while we were reporting): never report ourselves.
      if (reporting) return false;
      const message = raw.trim();
      if (!message) return false;
      const t = now();
      const seen = lastSeen.get(message);
      if (seen !== undefined && t - seen < windowMs) return false;
      sent = sent.filter((at) => t - at < 60_000);
      if (sent.length >= maxPerMinute) return false;
      lastSeen.set(message, t);
      sent.push(t);
      if (lastSeen.size > 500) {
        for (const [key, at] of lastSeen) if (t - at >= windowMs) lastSeen.delete(key);
      }
      reporting = true;
      try {
        // Anything the store raises while reporting (synchronously: flag; later: this catch) is
        // dropped, never reported: a broken reporter must not feed itself.
        enqueue({ path: path(), message }).catch(() => undefined);
      } catch {
        // ditto
      } finally {
        reporting = false;
      }
      return true;
    },
  };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message ? `${value.name}: ${value.message}` : value.name;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string') return message;
    try {
      return JSON.stringify(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  return String(value);
}

/** Noise browsers raise that says nothing about our code. */
const IGNORED = [/ResizeObserver loop/i];

/** The message of a failed request worth reporting, or null (offline, 401, 419, the report call). */
export function requestFailureMessage(failure: RequestFailure): string | null {
  if (failure.status === null) return null; // offline or cancelled: not an error of ours
  if (failure.status === 401 || failure.status === 419) return null; // handled by sign-in / CSRF retry
  if (failure.status === 429) return null; // the server asked us to slow down: not a bug
  if (failure.url.split('?')[0]?.endsWith(ERROR_LOG_URL)) return null; // never report the reporter
  return `${failure.method} ${failure.url.split('?')[0] ?? failure.url} failed with ${failure.status}: ${failure.message}`;
}

/** The reporter of the signed-in session (set by installErrorReporting), if any. */
let active: ErrorReporter | null = null;

/**
 * Report an error caught somewhere else (e.g. a render error stopped by the router's error
 * boundary, which never reaches window 'error'). A no-op while nobody is signed in.
 */
export function reportCaughtError(error: unknown, prefix = 'Render error'): void {
  if (!active) return;
  const message = describe(error);
  if (message) active.report(`${prefix}: ${message}`);
}

/** Listen to window errors, unhandled rejections and failed API requests. Returns uninstall. */
export function installErrorReporting(reporter: ErrorReporter, target: Window = window): () => void {
  active = reporter;
  const onError = (event: ErrorEvent) => {
    const message = event.error === undefined || event.error === null ? event.message : describe(event.error);
    if (!message || IGNORED.some((pattern) => pattern.test(message))) return;
    reporter.report(`Uncaught ${message}`);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.report(`Unhandled rejection: ${describe(event.reason)}`);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  const offRequests = onRequestFailed((failure) => {
    const message = requestFailureMessage(failure);
    if (message) reporter.report(message);
  });
  // Errors features caught and announced (they cannot import this module).
  const offCaught = onCaughtError((error, prefix) => reportCaughtError(error, prefix));
  return () => {
    if (active === reporter) active = null;
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    offRequests();
    offCaught();
  };
}
