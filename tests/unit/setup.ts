// Unit test setup (vitest project "unit", happy-dom): a fake IndexedDB for Dexie, and a clean
// browser storage/cookie jar around every test.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

function wipeCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

function wipe(): void {
  localStorage.clear();
  sessionStorage.clear();
  wipeCookies();
}

beforeEach(wipe);
afterEach(() => {
  // vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  wipe();
});
