// Public surface of the HTTP layer. Screens import from 'src/api' only.
export { api, API_BASE, CSRF_COOKIE_PATH, getCsrfCookie, refreshCsrfCookie, resetCsrfState, isNetworkError } from './client';
export { onUnauthenticated, emitUnauthenticated, onTokenChange, onRequestFailed, onCaughtError, emitCaughtError } from './events';
export type { UnauthenticatedListener, TokenListener, RequestFailure, RequestFailureListener, CaughtErrorListener } from './events';
export { errorMessage, fieldErrors, toRejection } from './errors';
export { getStoredToken, setStoredToken, TOKEN_KEY } from './token';
export { readCookie, cookieNames, expireAllCookies } from './cookies';
export { UPLOAD_LIMIT_PREFIX, uploadLimitMessage, isUploadSizeFailure } from './upload';
export * from './endpoints';
