// GET /media/<key>?exp=…&sig=…[&dl=…]: the signed media URLs of server/media/signed-urls.ts,
// streamed from storage with range requests (a <video> seeks with them). No auth header: the
// signature is the permission, and only owner-scoped API answers hand out signed URLs. Anything
// wrong — bad or expired signature, another key, a deleted object — is the same plain 404.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isValidStorageKey, ObjectNotFoundError } from '../../media/storage/keys';
import type { ByteRange } from '../../media/storage/types';
import type { AppContext } from '../context';

export type RangeRequest = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range of RFC 9110 §14.1.2 (`a-b`, `a-`, `-n`). A header we cannot parse, or one
 * asking for several ranges, is ignored (the whole object is sent, as the RFC allows); a range
 * starting past the end is unsatisfiable (416).
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'none' };
  const [, first, last] = match;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || (last !== '' && Number(last) < start)) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end } };
}

/** `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const notFound = (reply: FastifyReply) => reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not Found.' });

export function mediaRoutes(app: FastifyInstance, { storage, mediaUrls }: AppContext): void {
  async function serveMedia(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const key = (request.params as { '*'?: unknown })['*'];
    if (typeof key !== 'string' || !isValidStorageKey(key)) return notFound(reply);
    const signed = mediaUrls.verify(key, request.query);
    if (!signed) return notFound(reply);

    let object;
    try {
      object = await storage.stat(key);
    } catch (error) {
      request.log.warn({ err: error }, 'media storage stat failed');
      return notFound(reply);
    }
    if (!object) return notFound(reply);

    // Private: the URL is a per-owner capability; never longer than the signature lives.
    void reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', `private, max-age=${signed.secondsLeft}`)
      .header('content-type', object.contentType)
      // The signature, not the origin, is the permission: an API on its own origin may serve
      // media to the PWA's <video> elements.
      .header('cross-origin-resource-policy', 'cross-origin');
    if (signed.downloadName) void reply.header('content-disposition', attachmentHeader(signed.downloadName));

    const rangeHeader = request.headers.range;
    const wanted = parseRange(typeof rangeHeader === 'string' ? rangeHeader : undefined, object.size);
    if (wanted.kind === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${object.size}`).type('application/json; charset=utf-8').send({ message: 'Range Not Satisfiable.' });
    }
    const range = wanted.kind === 'range' ? wanted.range : undefined;
    const length = range ? range.end - range.start + 1 : object.size;
    if (range) void reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
    if (request.method === 'HEAD') return reply.header('content-length', String(length)).send();
    let body;
    try {
      body = await storage.read(key, range);
    } catch (error) {
      // Deleted between stat and read, or the store failed: either way there is nothing to send.
      if (!(error instanceof ObjectNotFoundError)) request.log.warn({ err: error }, 'media storage read failed');
      void reply.removeHeader('content-disposition');
      void reply.removeHeader('content-range');
      return notFound(reply.header('cache-control', 'no-store'));
    }
    return reply.header('content-length', String(length)).send(body);
  }

  // HEAD is declared here: Fastify's automatic HEAD route would read the whole object to throw it
  // away. compress: false — media is already compressed, and compressing would break ranges.
  app.route({ method: ['GET', 'HEAD'], url: '/media/*', compress: false, handler: serveMedia });
}
