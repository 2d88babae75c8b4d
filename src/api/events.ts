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

/** A request to the API that failed for good (after the one CSRF retry). */
export interface RequestFailure {
  method: string;
  /** The request URL as given (e.g. "/api/scripts"), without the base. */
  url: string;
  /** HTTP status, or null when no response came back (offline, DNS, timeout, cancelled). */
  status: number | null;
  /** The server's message, else the error's message. */
  message: string;
}
export type RequestFailureListener = (failure: RequestFailure) => void;

const requestFailureListeners = new Set<RequestFailureListener>();

/** Subscribe to failed API requests (the error reporter does). Returns the unsubscribe function. */
export function onRequestFailed(listener: RequestFailureListener): () => void {
  requestFailureListeners.add(listener);
  return () => {
    requestFailureListeners.delete(listener);
  };
}

export function emitRequestFailed(failure: RequestFailure): void {
  for (const listener of [...requestFailureListeners]) {
    try {
      listener(failure);
    } catch {
      // A reporter must never break the request path (nor report itself).
    }
  }
}

/** An error a screen caught and dealt with that should still be reported. Features cannot import
 *  the app, so they announce it here and the signed-in app's error reporter subscribes. */
export type CaughtErrorListener = (error: unknown, prefix: string) => void;

const caughtErrorListeners = new Set<CaughtErrorListener>();

/** Subscribe to caught errors (the error reporter does). Returns the unsubscribe function. */
export function onCaughtError(listener: CaughtErrorListener): () => void {
  caughtErrorListeners.add(listener);
  return () => {
    caughtErrorListeners.delete(listener);
  };
}

/** Report `error` under `prefix` (e.g. "Transcription upload"); nothing happens while nobody listens. */
export function emitCaughtError(error: unknown, prefix: string): void {
  for (const listener of [...caughtErrorListeners]) {
    try {
      listener(error, prefix);
    } catch {
      // A reporter must never break the screen that reported (nor report itself).
    }
  }
}
