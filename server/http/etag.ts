// Conditional GETs for the PWA's pull (DESIGN §4): a weak ETag on successful GET/HEAD answers and
// 304 with an empty body when If-None-Match matches, so an unchanged list costs a few bytes.
// @fastify/etag is not used: it answers 304 for any method and status (a PUT carrying
// If-None-Match would apply the change and then claim "not modified").
//
// API answers are per user, so they are marked `private, no-cache` (a browser may keep them but
// must revalidate; no shared cache may store them) and `Vary: Authorization` (a cache keyed on
// the URL alone must never hand one user's list to another — identical content of two users may
// well share an ETag, which is harmless once the response is private).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const API_CACHE_CONTROL = 'private, no-cache';

export function weakEtag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
}

/** RFC 9110 weak comparison: `W/` is ignored; a list and `*` are allowed. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted);
}

const isApiPath = (request: FastifyRequest) => request.url.startsWith('/api/');

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const list = (Array.isArray(current) ? current.join(',') : typeof current === 'string' ? current : '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === field.toLowerCase() || v === '*')) list.push(field);
  void reply.header('vary', list.join(', '));
}

export function registerConditionalGets(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request)) {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', API_CACHE_CONTROL);
      addVary(reply, 'Authorization');
    }
    const cacheable = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200;
    if (!cacheable || !(typeof payload === 'string' || Buffer.isBuffer(payload))) return payload;
    const etag = (reply.getHeader('etag') as string | undefined) ?? weakEtag(payload);
    void reply.header('etag', etag);
    const header = request.headers['if-none-match'];
    if (ifNoneMatchMatches(typeof header === 'string' ? header : undefined, etag)) {
      void reply.code(304);
      void reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
