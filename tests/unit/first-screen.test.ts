// Start-up work waits for the first screen's content (src/ui/first-screen.ts), with a fallback.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  FIRST_SCREEN_FALLBACK_MS,
  firstScreenShown,
  markFirstScreenShown,
  RELEASE_STEP_TIMEOUT_MS,
  resetFirstScreenForTests,
} from '../../src/ui/first-screen';

beforeEach(() => {
  vi.useFakeTimers();
  resetFirstScreenForTests();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets whenIdle's frame, timeout and idle callback run. */
const settle = () => vi.advanceTimersByTimeAsync(100);

describe('afterFirstScreen', () => {
  it('waits until a screen marks itself shown, then runs once', async () => {
    const task = vi.fn();
    afterFirstScreen(task);
    await settle();
    expect(task).not.toHaveBeenCalled();
    markFirstScreenShown();
    markFirstScreenShown();
    await settle();
    expect(task).toHaveBeenCalledTimes(1);
    expect(firstScreenShown()).toBe(true);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('releases the waiting tasks one per idle moment, in order, not all in one go', async () => {
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('a'));
    afterFirstScreen(() => ran.push('b'));
    afterFirstScreen(() => ran.push('c'));
    const pendingBefore = vi.getTimerCount();
    markFirstScreenShown();
    // One idle moment is asked for (one frame), not one per task; each asks for the next.
    expect(vi.getTimerCount() - pendingBefore).toBe(1);
    await settle();
    await settle();
    await settle();
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('asks for each next idle moment with the step time-out, so a busy page holds none back for long', async () => {
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('a'));
    afterFirstScreen(() => ran.push('b'));
    const idleCallbacks = vi.fn((callback: () => void, _options?: { timeout: number }) => setTimeout(callback, 1));
    vi.stubGlobal('requestIdleCallback', idleCallbacks);
    markFirstScreenShown();
    await settle();
    expect(ran).toContain('a');
    // The second task's idle callback carries the step time-out, not whenIdle's 2 s default.
    expect(idleCallbacks.mock.calls.at(-1)?.[1]).toEqual({ timeout: RELEASE_STEP_TIMEOUT_MS });
    await settle();
    expect(ran).toEqual(['a', 'b']);
  });

  it('a task that throws does not hold back the ones after it', async () => {
    const ran: string[] = [];
    afterFirstScreen(() => {
      throw new Error('boom');
    });
    afterFirstScreen(() => ran.push('b'));
    markFirstScreenShown();
    await expect(settle()).rejects.toThrow('boom');
    await settle();
    expect(ran).toEqual(['b']);
  });

  it('runs anyway after the fallback time when no screen marks itself', async () => {
    const task = vi.fn();
    afterFirstScreen(task);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS - 200);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs soon when the screen was already shown', async () => {
    markFirstScreenShown();
    const task = vi.fn();
    afterFirstScreen(task);
    await settle();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled', async () => {
    const task = vi.fn();
    const cancel = afterFirstScreen(task);
    cancel();
    markFirstScreenShown();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_FALLBACK_MS * 2);
    expect(task).not.toHaveBeenCalled();
  });
});
