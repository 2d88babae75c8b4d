import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  errorMessage,
  fetchUser,
  fieldErrors,
  getStoredToken,
  loginUser,
  onUnauthenticated,
  registerWithLicense,
  validateLicense,
  resetCsrfState,
  createErrorLog,
} from '../../src/api';
import { connectYoutube, fetchAccountsPage as fetchAccounts } from '../../src/features/accounts/data/accounts-http';
import {
  createPostRequest as createPost,
  fetchCalendarEntries as fetchCalendar,
  fetchPostsPage as fetchPosts,
  rescheduleFailedJobRequest as rescheduleFailedJob,
} from '../../src/features/publishing/data/publishing-http';
import { generateScript } from '../../src/features/scripts/data/scripts-http';
import { DEFAULT_PREVIEW_TEXT, previewLemonfoxVoice } from '../../src/features/videos/data/videos-http';
import { fakeServer, type FakeServer } from './helpers/fake-server';

let server: FakeServer;

beforeEach(() => {
  resetCsrfState();
  server = fakeServer({ csrfValue: 'abc%3D%3D' });
});
afterEach(() => {
  server.restore();
});

const user = { id: 1, name: 'Ann', email: 'ann@example.com' };

describe('CSRF cookie', () => {
  it('fetches /sanctum/csrf-cookie before the first request and echoes the decoded cookie', async () => {
    server.on('POST', '/api/login', { body: { token: 't1', user, credits: 5 } });
    await loginUser({ email: 'ann@example.com', password: 'secret123' });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/login']);
    expect(server.requests[1]?.headers['x-xsrf-token']).toBe('abc==');
    expect(server.requests[1]?.headers.accept).toContain('application/json');
  });

  it('shares one cookie fetch between concurrent requests and does not refetch while the cookie exists', async () => {
    server.on('GET', '/api/user', { body: user });
    await Promise.all([fetchUser(), fetchUser(), fetchUser()]);
    await fetchUser();
    expect(server.calls('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
    expect(server.calls('GET', '/api/user')).toHaveLength(4);
  });

  it('does not fetch the cookie when it is already there', async () => {
    document.cookie = 'XSRF-TOKEN=already%20here; path=/';
    server.on('GET', '/api/user', { body: user });
    await fetchUser();
    expect(server.calls('GET', '/sanctum/csrf-cookie')).toHaveLength(0);
    expect(server.requests[0]?.headers['x-xsrf-token']).toBe('already here');
  });

  it('still sends the request when the cookie fetch fails (offline GETs fail with their own error)', async () => {
    server.on('GET', '/sanctum/csrf-cookie', { network: true });
    server.on('GET', '/api/user', { body: user });
    await expect(fetchUser()).resolves.toEqual(user);
  });
});

describe('bearer token', () => {
  it('adds the stored token as Authorization: Bearer', async () => {
    localStorage.setItem('token', '7|secret');
    server.on('GET', '/api/user', { body: user });
    await fetchUser();
    expect(server.calls('GET', '/api/user')[0]?.headers.authorization).toBe('Bearer 7|secret');
  });

  it('sends no Authorization header without a token', async () => {
    server.on('GET', '/api/user', { body: user });
    await fetchUser();
    expect(server.calls('GET', '/api/user')[0]?.headers.authorization).toBeUndefined();
  });

  it('does not send the token or CSRF header to another origin', async () => {
    localStorage.setItem('token', '7|secret');
    document.cookie = 'XSRF-TOKEN=x; path=/';
    server.on('GET', 'https://cdn.example.net/v.mp4', { body: 'bytes' });
    const { api } = await import('../../src/api');
    await api.get('https://cdn.example.net/v.mp4');
    const sent = server.calls('GET', 'https://cdn.example.net/v.mp4')[0];
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.headers['x-xsrf-token']).toBeUndefined();
  });
});

describe('419 CSRF mismatch', () => {
  it('refreshes the CSRF cookie and retries exactly once', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    let posts = 0;
    server.on('GET', '/sanctum/csrf-cookie', { status: 204, setCookie: 'XSRF-TOKEN=fresh; path=/' });
    server.on('POST', '/api/create/post', (req) => {
      posts += 1;
      return req.headers['x-xsrf-token'] === 'fresh' ? { body: { id: 9 } } : { status: 419, body: { message: 'CSRF token mismatch.' } };
    });
    await expect(createPost({ title: 'x' })).resolves.toEqual({ id: 9 });
    expect(posts).toBe(2);
    expect(server.calls('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
    expect(server.calls('POST', '/api/create/post')[1]?.data).toEqual({ title: 'x' });
  });

  it('rejects with the body on a second 419, after exactly two attempts', async () => {
    server.on('POST', '/api/create/post', { status: 419, body: { message: 'CSRF token mismatch.' } });
    await expect(createPost({ title: 'x' })).rejects.toEqual({ message: 'CSRF token mismatch.' });
    expect(server.calls('POST', '/api/create/post')).toHaveLength(2);
    // one fetch because there was no cookie, one refresh after the 419
    expect(server.calls('GET', '/sanctum/csrf-cookie')).toHaveLength(2);
  });
});

describe('401', () => {
  it('removes the stored token, fires the unauthenticated event and rejects with the body', async () => {
    localStorage.setItem('token', 'old');
    const listener = vi.fn();
    const off = onUnauthenticated(listener);
    server.on('GET', '/api/user', { status: 401, body: { message: 'Unauthenticated.' } });
    await expect(fetchUser()).rejects.toEqual({ message: 'Unauthenticated.' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(getStoredToken()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await expect(fetchUser()).rejects.toBeDefined();
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('other errors', () => {
  it('reject with the server body (422 with field errors)', async () => {
    const body = { message: 'The email field is required.', errors: { email: ['The email field is required.'] } };
    server.on('POST', '/api/login', { status: 422, body });
    const error: unknown = await loginUser({ email: '', password: '' }).catch((e: unknown) => e);
    expect(error).toEqual(body);
    expect(errorMessage(error)).toBe('The email field is required.');
    expect(fieldErrors(error)).toEqual({ email: ['The email field is required.'] });
  });

  it('reject with the error message when there is no body', async () => {
    server.on('GET', '/api/user', { network: true });
    await expect(fetchUser()).rejects.toBe('Network Error');
  });

  it('reject with the message when the error response has an empty body', async () => {
    server.on('GET', '/api/user', { status: 500 });
    await expect(fetchUser()).rejects.toBe('Request failed with status code 500');
  });
});

describe('errorMessage / fieldErrors', () => {
  it.each([
    ['a string', 'Boom', 'Boom'],
    ['an Error', new Error('Bad'), 'Bad'],
    ['a body', { message: 'Nope' }, 'Nope'],
    ['an empty string', '', 'fallback'],
    ['null', null, 'fallback'],
    ['a body without message', { errors: { name: ['Name!'] } }, 'Name!'],
  ])('errorMessage of %s', (_label, input, expected) => {
    expect(errorMessage(input, 'fallback')).toBe(expected);
  });

  it('fieldErrors is empty for non-validation errors', () => {
    expect(fieldErrors('x')).toEqual({});
    expect(fieldErrors({ message: 'm' })).toEqual({});
    expect(fieldErrors({ errors: { a: 'one' } })).toEqual({ a: ['one'] });
  });
});

describe('paths and defaults of the calls', () => {
  it('calendar keeps its trailing slash', async () => {
    server.on('GET', '/api/get/calendar/', { body: [] });
    await fetchCalendar();
    expect(server.calls('GET', '/api/get/calendar/')).toHaveLength(1);
  });

  it('accounts default to per_page 10', async () => {
    server.on('GET', '/api/accounts', { body: { data: [] } });
    await fetchAccounts({ page: 2 });
    expect(server.calls('GET', '/api/accounts')[0]?.params).toEqual({ page: 2, per_page: 10 });
    await fetchAccounts({ page: 1, search: 'yt', per_page: 25 });
    expect(server.calls('GET', '/api/accounts')[1]?.params).toEqual({ page: 1, search: 'yt', per_page: 25 });
  });

  it('youtube connect sends popup=1 only in popup mode', async () => {
    server.on('GET', '/api/youtube/connect', { body: { url: 'https://consent' } });
    await connectYoutube({ path: '/connect', popup: true });
    await connectYoutube({ path: '/connect' });
    const [popup, page] = server.calls('GET', '/api/youtube/connect');
    expect(popup?.params).toEqual({ path: '/connect', popup: 1 });
    expect(page?.params).toEqual({ path: '/connect' });
  });

  it('licence validation has no /api prefix', async () => {
    server.on('POST', '/validate-license', { body: { valid: true, plan: { key: 'pro', name: 'Pro' } } });
    await validateLicense({ license_key: 'K-1' });
    expect(server.calls('POST', '/validate-license')[0]?.data).toEqual({ license_key: 'K-1' });
  });

  it('registration with a licence stores the returned token', async () => {
    server.on('POST', '/api/register-with-license', { body: { token: 'lic-token', user, credits: 0 } });
    await registerWithLicense({ name: 'A', email: 'a@b.c', password: 'p', password_confirmation: 'p', license_key: 'K' });
    expect(localStorage.getItem('token')).toBe('lic-token');
  });

  it('posts, error logs, reschedule and voice preview send the spec fields', async () => {
    server.on('GET', '/api/get/posts', { body: { data: [] } });
    server.on('POST', '/api/create/error', { body: {} });
    server.on('POST', '/api/reschedule/failed-jobs', { body: {} });
    server.on('POST', '/api/lemonfox-preview', { body: {} });
    await fetchPosts({ page: 3, status: 'scheduled', query: 'cats' });
    await createErrorLog({ path: '/publish', message: 'boom' });
    await rescheduleFailedJob({ id: 12 });
    await previewLemonfoxVoice({ voice_id: 'v1' });
    expect(server.calls('GET', '/api/get/posts')[0]?.params).toEqual({ page: 3, status: 'scheduled', query: 'cats' });
    expect(server.calls('POST', '/api/create/error')[0]?.data).toEqual({ path: '/publish', message: 'boom' });
    expect(server.calls('POST', '/api/reschedule/failed-jobs')[0]?.data).toEqual({ id: 12 });
    expect(server.calls('POST', '/api/lemonfox-preview')[0]?.data).toEqual({ voice_id: 'v1', text: DEFAULT_PREVIEW_TEXT });
  });
});

describe('generateScript', () => {
  it('without a stored token: sends nothing, fires the unauthenticated event, rejects "Authentication required"', async () => {
    const listener = vi.fn();
    const off = onUnauthenticated(listener);
    await expect(generateScript({ prompt: 'cats', video_duration: 30 })).rejects.toThrow('Authentication required');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(server.calls('POST', '/api/generate-script')).toHaveLength(0);
    off();
  });

  it('with a token: posts prompt, duration and language (default english)', async () => {
    localStorage.setItem('token', 'tok');
    server.on('POST', '/api/generate-script', { body: { script: 'Hello' } });
    await expect(generateScript({ prompt: 'cats', video_duration: 30 })).resolves.toEqual({ script: 'Hello' });
    const sent = server.calls('POST', '/api/generate-script')[0];
    expect(sent?.data).toEqual({ prompt: 'cats', video_duration: 30, language: 'english' });
    expect(sent?.headers.authorization).toBe('Bearer tok');
  });
});
