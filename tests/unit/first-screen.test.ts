// Start-up work waits for the first screen's content (src/ui/first-screen.ts), with a fallback.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, FIRST_SCREEN_FALLBACK_MS, firstScreenShown, markFirstScreenShown, resetFirstScreenForTests } from '../../src/ui/first-screen';

beforeEach(() => {
  vi.useFakeTimers();
  resetFirstScreenForTests();
});

afterEach(() => {
  vi.useRealTimers();
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
