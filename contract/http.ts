// Laravel-compatible envelopes (DESIGN.md §5), so the same client also works against the
// original Laravel backend.

/** 422: `{message, errors: {field: [messages]}}`. `message` is the first error, as Laravel does. */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}

/** Any other error body: `{message}` (401 "Unauthenticated.", 419 "CSRF token mismatch.", …). */
export interface ErrorBody {
  message: string;
}

/** Laravel's length-aware paginator. */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  from: number | null;
  to: number | null;
}

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const CSRF_MISMATCH_MESSAGE = 'CSRF token mismatch.';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface HealthResponse {
  status: 'ok';
  db: 'pglite' | 'postgres';
}
