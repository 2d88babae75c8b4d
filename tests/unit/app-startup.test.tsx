import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, withChunkTimeout } from '../../src/app/lazy';
import { applyLayoutVersion, storedColorScheme, THEME_STORAGE_KEY, LAYOUT_VERSION_STORAGE_KEY } from '../../src/app/theme';

describe('stored appearance (spec §2 "On start …")', () => {
  afterEach(() => {
    document.body.className = '';
  });

  it('reads the colour theme from localStorage "theme" (light, dark or auto)', () => {
    expect(storedColorScheme()).toBe('auto');
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    expect(storedColorScheme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(storedColorScheme()).toBe('light');
    localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    expect(storedColorScheme()).toBe('auto');
  });

  it('adds the stored layout version as a body class', () => {
    expect(applyLayoutVersion()).toBeNull();
    localStorage.setItem(LAYOUT_VERSION_STORAGE_KEY, 'box-layout');
    expect(applyLayoutVersion()).toBe('box-layout');
    expect(document.body.classList.contains('box-layout')).toBe(true);
  });

  it('ignores a layout version that is not a single class name', () => {
    localStorage.setItem(LAYOUT_VERSION_STORAGE_KEY, 'a b" onload="x');
    expect(applyLayoutVersion()).toBeNull();
    expect(document.body.className).toBe('');
  });
});

describe('page chunks (spec §9 "Page chunk loading time-out: 120 seconds")', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 120 seconds', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('raises a load error when a chunk does not arrive in time', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => undefined));
    const result = load();
    const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    result.then(
      () => (settled = true),
      () => (settled = true),
    );
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('passes a chunk that arrives in time, and wraps import failures keeping their message', async () => {
    const module = { Page: () => null };
    await expect(withChunkTimeout(() => Promise.resolve(module))()).resolves.toBe(module);
    const failed = withChunkTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')))();
    await expect(failed).rejects.toThrow('Failed to fetch dynamically imported module: /a.js');
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
