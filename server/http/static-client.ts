// Serves the built PWA (CLIENT_DIR) when it exists, with an SPA fallback: a GET navigation to a
// client route (/login, /publish, …) gets index.html so the router can take over. API-ish paths
// never fall back: an unknown /api/* is a JSON 404, as a client expects.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// /sandbox: a sandbox that is switched off (SANDBOX_PLATFORMS=0) is a 404, not the app's shell.
const NEVER_FALLBACK = ['/api', '/sanctum', '/validate-license', '/internal', '/sandbox'];

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function wantsSpaShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (NEVER_FALLBACK.some((prefix) => isUnder(path, prefix))) return false;
  // A missing asset (/assets/x.js) is a 404, not HTML the browser would try to run as a script.
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  const accept = request.headers.accept ?? '';
  return !lastSegment.includes('.') || accept.includes('text/html');
}

export async function registerClient(app: FastifyInstance, clientDir: string): Promise<boolean> {
  const hasClient = existsSync(join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: ['index.html'],
      // The build writes .br and .gz copies (scripts/compress-client.mjs): the one the client's
      // Accept-Encoding prefers is sent as is, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(response, filePath) {
        // Hashed Vite assets never change; the shell, service worker and manifest must be
        // revalidated. (filePath may be the .br/.gz copy: the folder decides.)
        const immutable = filePath.startsWith(join(clientDir, 'assets'));
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (hasClient && wantsSpaShell(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not Found.' });
  });
  return hasClient;
}
