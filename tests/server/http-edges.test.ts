// The edges every endpoint shares: JSON 404s, body parsing failures, 500 mapping, CSRF and
// security headers. None of these may ever be a 500.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { createTestApp, uniqueEmail, type TestApp, bodyOf, errorsOf } from './helpers';

describe('HTTP edges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      app.get('/api/test-boom', () => {
        throw new Error('secret internal detail');
      });
    });
  });
  afterAll(async () => t.close());

  it('answers an unknown /api path with a JSON 404', async () => {
    const response = await t.client.get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(bodyOf(response)).toEqual({ message: 'Not Found.' });
  });

  it('maps unexpected errors to 500 "Server Error." without details', async () => {
    const response = await t.client.get('/api/test-boom');
    expect(response.statusCode).toBe(500);
    expect(bodyOf(response)).toEqual({ message: 'Server Error.' });
    expect(response.body).not.toContain('secret');
  });

  it('rejects malformed JSON with 400 {message}', async () => {
    const xsrf = await t.client.csrfCookie();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('rejects a wrong content type with 415 {message}', async () => {
    const xsrf = await t.client.csrfCookie();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/xml', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(bodyOf(response)).toHaveProperty('message');
  });

  it('rejects an oversized body with 413 {message}', async () => {
    const response = await t.client.post('/api/login', { email: 'a@example.com', password: 'x'.repeat(BODY_LIMIT_BYTES + 10) });
    expect(response.statusCode).toBe(413);
    expect(bodyOf(response)).toEqual({ message: 'The request body is too large.' });
  });

  it('treats a non-object JSON body as empty input (422, not 500)', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null']) {
      const xsrf = await t.client.csrfCookie();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        payload,
      });
      expect(response.statusCode, payload).toBe(422);
      expect(errorsOf(response).email).toEqual(['The email field is required.']);
    }
  });

  it('refuses a prototype-poisoning body without a 500', async () => {
    const xsrf = await t.client.csrfCookie();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      payload: '{"__proto__": {"admin": true}, "email": "a@example.com", "password": "x"}',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('sends security headers with a CSP that a Vite + Mantine SPA and ffmpeg.wasm work under', async () => {
    const response = await t.client.get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).toMatch(/worker-src 'self' blob:/);
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  describe('CSRF', () => {
    it('sets a readable, SameSite=Lax XSRF-TOKEN cookie on GET /sanctum/csrf-cookie', async () => {
      const response = await t.client.get('/sanctum/csrf-cookie');
      expect(response.statusCode).toBe(204);
      const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(cookie).toBeDefined();
      expect(cookie!.httpOnly).toBeFalsy();
      expect(cookie!.sameSite).toBe('Lax');
      expect(cookie!.path).toBe('/');
    });

    it('answers 419 to a state-changing request without the header', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@example.com', password: 'x' } });
      expect(response.statusCode).toBe(419);
      expect(bodyOf(response)).toEqual({ message: 'CSRF token mismatch.' });
    });

    it('answers 419 when the header does not match the cookie', async () => {
      const xsrf = await t.client.csrfCookie();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': `${xsrf}x` },
        payload: { email: 'a@example.com', password: 'x' },
      });
      expect(response.statusCode).toBe(419);
    });

    it('accepts the URL-encoded cookie echoed in the header', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/validate-license',
        headers: { cookie: 'XSRF-TOKEN=abc%2Bdef%3D', 'x-xsrf-token': 'abc+def=' },
        payload: { license_key: 'NOPE' },
      });
      expect(response.statusCode).toBe(422);
    });

    it('lets a request with a valid bearer token pass without the header', async () => {
      const { token } = await t.client.register(uniqueEmail('csrf'));
      const response = await t.client.post('/api/logout', undefined, { token, csrf: false });
      expect(response.statusCode).toBe(200);
    });

    it('answers 401 Unauthenticated, never 419, to a bad or revoked bearer token on every method', async () => {
      const { token } = await t.client.register(uniqueEmail('revoked'));
      expect((await t.client.post('/api/logout', undefined, { token, csrf: false })).statusCode).toBe(200);
      const scriptUrl = '/api/scripts/00000000-0000-4000-8000-000000000000';
      for (const bad of [token, '1|notavalidtokenatallxxxxxxxx', 'garbage']) {
        for (const [method, url] of [['GET', '/api/user'], ['POST', '/api/logout'], ['POST', '/api/scripts'], ['PUT', scriptUrl], ['DELETE', scriptUrl]] as const) {
          const response = await t.client.request(method, url, method === 'GET' || method === 'DELETE' ? undefined : { title: 't', body: 'b' }, { token: bad, csrf: false });
          expect(response.statusCode, `${method} ${url} with ${bad}`).toBe(401);
          expect(bodyOf(response)).toEqual({ message: 'Unauthenticated.' });
        }
      }
    });

    it('still demands CSRF from a request that carries no bearer token (e.g. Basic)', async () => {
      const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: 'Basic abc' } });
      expect(response.statusCode).toBe(419);
    });

    it('does not apply to GET requests', async () => {
      const response = await t.client.get('/api/user');
      expect(response.statusCode).toBe(401);
    });
  });
});

describe('built PWA', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientDir = join(process.env.TMPDIR ?? '/tmp', `reelflow-client-${process.pid}-${Date.now()}`);
    mkdirSync(join(clientDir, 'assets'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Reelflow</title><div id="root"></div>');
    writeFileSync(join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(async () => t.close());

  it('serves index.html at / and for client routes (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/video-series/detail/12', '/users/credits-history?x=1']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('keeps JSON 404s for unknown /api, /sanctum paths and missing assets', async () => {
    for (const url of ['/api/unknown', '/api/unknown/deeper', '/sanctum/other', '/assets/missing.js']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      if (url.startsWith('/assets')) {
        // A missing asset fetched by a <script> tag (accept */*) must not get HTML.
        const asScript = await t.app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
        expect(asScript.statusCode).toBe(404);
        continue;
      }
      expect(response.statusCode, url).toBe(404);
      expect(bodyOf(response), url).toEqual({ message: 'Not Found.' });
    }
  });

  it('does not fall back for POST', async () => {
    const response = await t.client.post('/some-page', {});
    expect(response.statusCode).toBe(404);
  });
});
