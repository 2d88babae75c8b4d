// The bearer token lives in localStorage under the key `token` (spec §3, §9). The session module
// owns the other keys; the HTTP layer reads the token on every request so that a token saved by
// login (or by licence registration) is used at once, and removes it on 401.
import { emitTokenChange } from './events';

export const TOKEN_KEY = 'token';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getStoredToken(): string | null {
  const value = storage()?.getItem(TOKEN_KEY);
  return value ? value : null;
}

/** Save (or with null/empty remove) the token and tell subscribers. */
export function setStoredToken(token: string | null): void {
  const store = storage();
  if (token) store?.setItem(TOKEN_KEY, token);
  else store?.removeItem(TOKEN_KEY);
  emitTokenChange(token || null);
}
