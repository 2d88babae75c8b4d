import { describe, expect, it, vi } from 'vitest';
import { installConsoleFilter, namesToastContainer } from '../../src/app/console-filter';

function fakeConsole() {
  const calls: unknown[][] = [];
  const target = { error: (...args: unknown[]) => void calls.push(args) };
  return { target, calls };
}

describe('console filter (spec §8 "Console errors")', () => {
  it('recognises errors that name the toast container', () => {
    expect(namesToastContainer(['No toast container mounted'])).toBe(true);
    expect(namesToastContainer([new Error('ToastContainer is not rendered')])).toBe(true);
    expect(namesToastContainer(['x', { message: 'notifications container missing' }])).toBe(true);
    expect(namesToastContainer(['Network Error', 42, null])).toBe(false);
  });

  it('outside production swallows only toast-container errors', () => {
    const { target, calls } = fakeConsole();
    const restore = installConsoleFilter({ production: false, target });
    target.error('Toast container not found');
    target.error('real problem', 1);
    expect(calls).toEqual([['real problem', 1]]);
    restore();
    target.error('Toast container not found');
    expect(calls).toHaveLength(2);
  });

  it('in production silences every console.error', () => {
    const { target, calls } = fakeConsole();
    const restore = installConsoleFilter({ production: true, target });
    target.error('real problem');
    target.error(new Error('boom'));
    expect(calls).toEqual([]);
    restore();
    target.error('after');
    expect(calls).toEqual([['after']]);
  });

  it('patches the global console by default', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const restore = installConsoleFilter({ production: false });
    console.error('the toast container is missing');
    console.error('kept');
    expect(spy.mock.calls).toEqual([['kept']]);
    restore();
    spy.mockRestore();
  });
});
