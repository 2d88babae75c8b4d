// Multipart helpers and the upload-size rule (spec §5, §8): when the server reports a file that
// "failed to upload" or is "too large" (PHP's upload_max_filesize in Laravel, 413 here), the user
// is told "Server file size limit exceeded" with the file size in MB and the server limit.
import { AxiosError } from 'axios';
import { toRejection } from './errors';

export const UPLOAD_LIMIT_PREFIX = 'Server file size limit exceeded';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function texts(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (!isRecord(body)) return [];
  const out: string[] = [];
  if (typeof body.message === 'string') out.push(body.message);
  if (typeof body.error === 'string') out.push(body.error);
  if (isRecord(body.errors)) {
    for (const value of Object.values(body.errors)) {
      for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') out.push(item);
    }
  }
  return out;
}

export function isUploadSizeFailure(status: number | undefined, body: unknown): boolean {
  if (status === 413) return true;
  return texts(body).some((text) => /failed to upload|too large/i.test(text));
}

export function formatMb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** The server's limit as text, from the body (`max_file_size`, `max_size`, `limit`,
 *  `upload_max_filesize`: bytes as a number, or PHP-style text like "100M"), or from a size in the
 *  message; null when the server does not say. */
export function serverLimitText(body: unknown): string | null {
  if (isRecord(body)) {
    for (const key of ['max_file_size', 'max_size', 'limit', 'max_upload_size', 'upload_max_filesize', 'post_max_size']) {
      const value = body[key];
      if (typeof value === 'number' && Number.isFinite(value) && value > 0) return formatMb(value);
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
  }
  for (const text of texts(body)) {
    const match = /(\d+(?:\.\d+)?)\s*(kilobytes|megabytes|gigabytes|[KMG]i?B|[KMG])\b/i.exec(text);
    if (match) return `${match[1]} ${match[2]}`;
  }
  return null;
}

/** `knownLimitBytes`: the limit the client already planned with, used when the answer names none. */
export function uploadLimitMessage(file: Blob, body: unknown, knownLimitBytes?: number): string {
  const known = knownLimitBytes !== undefined && Number.isFinite(knownLimitBytes) && knownLimitBytes > 0 ? formatMb(knownLimitBytes) : null;
  const limit = serverLimitText(body) ?? known ?? 'not reported by the server';
  return (
    `${UPLOAD_LIMIT_PREFIX}: your file is ${formatMb(file.size)} and the server limit is ${limit}. ` +
    'Please contact the administrator to raise the upload limits.'
  );
}

/** Map a raw upload failure (request made with rawError) to what the caller should see. */
export function uploadRejection(error: unknown, file: Blob): unknown {
  if (!(error instanceof AxiosError)) return error;
  const body: unknown = error.response?.data;
  if (isUploadSizeFailure(error.response?.status, body)) return new Error(uploadLimitMessage(file, body));
  return toRejection(error);
}

function formValue(value: unknown): string | Blob {
  if (value instanceof Blob) return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Append a value to a FormData: booleans as 1/0; plain objects as `name[key]` fields (Laravel
 *  style), nested values JSON-encoded; null/undefined skipped. */
export function appendForm(form: FormData, name: string, value: unknown, nested = true): void {
  if (value === undefined || value === null) return;
  if (nested && typeof value === 'object' && !(value instanceof Blob) && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) appendForm(form, `${name}[${key}]`, inner, false);
    return;
  }
  form.append(name, formValue(value));
}
