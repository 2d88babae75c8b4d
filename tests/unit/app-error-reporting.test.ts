// Error reports: de-duplicated in bursts, rate-capped, never looping on themselves;
// window errors, unhandled rejections and failed API requests (not offline, 401 or the report
// call itself) are reported, through the outbox as kind 'error-log'.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emitRequestFailed } from '../../src/api/events';
import { createErrorReporter, installErrorReporting, reportCaughtError, requestFailureMessage } from '../../src/app/error-reporting';
import { clearLocalStore, db } from '../../src/store';
import { appOutbox, enqueueErrorLog, setOutboxOwner } from '../../src/sync';
import { createFakeClock } from '../../src/sync/testing';

afterEach(async () => {
  setOutboxOwner(null);
  vi.restoreAllMocks();
  await clearLocalStore();
});

function reporter() {
  const clock = createFakeClock();
  const enqueue = vi.fn((_report: { path: string; message: string }) => Promise.resolve());
  return { clock, enqueue, reporter: createErrorReporter({ enqueue, now: clock.now, path: () => '/my-scripts' }) };
}

describe('createErrorReporter', () => {
  it('reports a message once per 30 s burst', () => {
    const { clock, enqueue, reporter: r } = reporter();
    expect(r.report('Boom')).toBe(true);
    expect(r.report('Boom')).toBe(false);
    clock.advance(29_999);
    expect(r.report('Boom')).toBe(false);
    expect(r.report('Other')).toBe(true);
    clock.advance(30_001);
    expect(r.report('Boom')).toBe(true);
    expect(enqueue.mock.calls.map(([report]) => report)).toEqual([
      { path: '/my-scripts', message: 'Boom' },
      { path: '/my-scripts', message: 'Other' },
      { path: '/my-scripts', message: 'Boom' },
    ]);
  });

  it('sends at most 20 reports a minute', () => {
    const { clock, enqueue, reporter: r } = reporter();
    for (let i = 0; i < 50; i += 1) r.report(`error ${i}`);
    expect(enqueue).toHaveBeenCalledTimes(20);
    clock.advance(60_000);
    expect(r.report('later')).toBe(true);
  });

  it('never reports itself: an error raised while reporting is dropped, a failed store is swallowed', async () => {
    const clock = createFakeClock();
    let r: ReturnType<typeof createErrorReporter> | null = null;
    const enqueue = vi.fn((report: { path: string; message: string }) => {
      // The store blows up synchronously and the app's error handler tries to report that.
      expect(r?.report(`while reporting ${report.message}`)).toBe(false);
      return Promise.reject(new Error('IndexedDB is broken'));
    });
    r = createErrorReporter({ enqueue, now: clock.now });
    // (vitest fails the run on any unhandled rejection, so none may escape either)
    expect(r.report('first')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(enqueue).toHaveBeenCalledTimes(1);
  });
});

describe('requestFailureMessage', () => {
  it('skips offline, 401, 419 and the error-log call; describes the rest', () => {
    expect(requestFailureMessage({ method: 'GET', url: '/api/scripts', status: null, message: 'Network Error' })).toBeNull();
    expect(requestFailureMessage({ method: 'GET', url: '/api/user', status: 401, message: 'Unauthenticated.' })).toBeNull();
    expect(requestFailureMessage({ method: 'POST', url: '/api/scripts', status: 419, message: 'CSRF token mismatch.' })).toBeNull();
    expect(requestFailureMessage({ method: 'POST', url: '/api/create/error', status: 500, message: 'Server Error.' })).toBeNull();
    expect(requestFailureMessage({ method: 'GET', url: '/api/scripts', status: 429, message: 'Too Many Attempts.' })).toBeNull();
    expect(requestFailureMessage({ method: 'PUT', url: '/api/scripts/1?x=1', status: 422, message: 'The title field is required.' })).toBe(
      'PUT /api/scripts/1 failed with 422: The title field is required.',
    );
  });
});

describe('installErrorReporting', () => {
  it('reports window errors, unhandled rejections and failed requests', () => {
    const { enqueue, reporter: r } = reporter();
    const uninstall = installErrorReporting(r);
    window.dispatchEvent(new ErrorEvent('error', { message: 'x is not a function', error: new TypeError('x is not a function') }));
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error('chunk failed');
    window.dispatchEvent(rejection);
    emitRequestFailed({ method: 'GET', url: '/api/scripts', status: 500, message: 'Server Error.' });
    emitRequestFailed({ method: 'POST', url: '/api/create/error', status: 500, message: 'Server Error.' });
    emitRequestFailed({ method: 'GET', url: '/api/scripts', status: null, message: 'Network Error' });
    uninstall();
    window.dispatchEvent(new ErrorEvent('error', { message: 'after uninstall' }));
    expect(enqueue.mock.calls.map(([report]) => report.message)).toEqual([
      'Uncaught TypeError: x is not a function',
      'Unhandled rejection: Error: chunk failed',
      'GET /api/scripts failed with 500: Server Error.',
    ]);
  });
});

describe('reportCaughtError', () => {
  it('reports errors stopped by an error boundary while reporting is installed, else nothing', () => {
    const { enqueue, reporter: r } = reporter();
    reportCaughtError(new Error('before'));
    const uninstall = installErrorReporting(r);
    reportCaughtError(new TypeError('Cannot read properties of undefined'));
    uninstall();
    reportCaughtError(new Error('after'));
    expect(enqueue.mock.calls.map(([report]) => report.message)).toEqual(['Render error: TypeError: Cannot read properties of undefined']);
  });
});

describe('enqueueErrorLog', () => {
  it('queues POST /api/create/error {path, message}, trimmed to the server limits, not counted as user work', async () => {
    setOutboxOwner(() => 'u1');
    await enqueueErrorLog({ path: '/my-scripts', message: `  ${'m'.repeat(6000)}  ` });
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ kind: 'error-log', method: 'POST', url: '/api/create/error' });
    expect(item?.body).toEqual({ path: '/my-scripts', message: 'm'.repeat(5000) });
    expect(await appOutbox.counts()).toMatchObject({ pending: 0, failed: 0 });
  });

  it('a refused report is dropped, not left failed', async () => {
    setOutboxOwner(() => 'u1');
    await enqueueErrorLog({ path: '/', message: 'Boom' });
    const { appDrainDeps } = await import('../../src/sync');
    await appOutbox.drain(appDrainDeps(() => Promise.resolve({ status: 422, body: { message: 'The message field is required.' } })));
    expect(await db.outbox.count()).toBe(0);
  });
});
