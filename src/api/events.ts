// Cross-module signals of the HTTP layer. src/api must not know about the router or the session
// store, so a 401 (spec §8: "Remove the token and redirect to /login") is announced here and the
// app shell (navigation) and the session module (clearing state) each subscribe.

export type UnauthenticatedListener = () => void;
export type TokenListener = (token: string | null) => void;

const unauthenticatedListeners = new Set<UnauthenticatedListener>();
const tokenListeners = new Set<TokenListener>();

/** Subscribe to "the server says we are not signed in (401) / a call needs a token we lack".
 *  Returns the unsubscribe function. */
export function onUnauthenticated(listener: UnauthenticatedListener): () => void {
  unauthenticatedListeners.add(listener);
  return () => {
    unauthenticatedListeners.delete(listener);
  };
}

export function emitUnauthenticated(): void {
  for (const listener of [...unauthenticatedListeners]) {
    try {
      listener();
    } catch (error) {
      console.error('Unauthenticated listener failed:', error);
    }
  }
}

/** Subscribe to token changes made by the HTTP layer itself (stored after licence registration,
 *  removed on 401). The session module mirrors them into its state. */
export function onTokenChange(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => {
    tokenListeners.delete(listener);
  };
}

export function emitTokenChange(token: string | null): void {
  for (const listener of [...tokenListeners]) {
    try {
      listener(token);
    } catch (error) {
      console.error('Token listener failed:', error);
    }
  }
}
