// Unit test setup (vitest project "unit", happy-dom): a fake IndexedDB for Dexie, and a clean
// browser storage/cookie jar around every test.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// The findBy/waitFor ceiling. The first render of the real route tree imports and transforms the
// lazy chunks (shell, screen), which takes seconds on a shared, loaded machine; a poll stops as
// soon as it holds, so a generous ceiling costs a passing test nothing. (A file may set its own.)
configure({ asyncUtilTimeout: 15_000 });

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
