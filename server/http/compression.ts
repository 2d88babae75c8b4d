// Compressed answers (fewer bytes on the wire; docs/decisions/performance.md "Compression"): API JSON above ~1 KB goes out as brotli or
// gzip, whichever the client's Accept-Encoding prefers (q-values honoured), with
// `Vary: Accept-Encoding`. The built PWA is precompressed at build time and served as is
// (static-client.ts); a reply that already has a Content-Encoding is never compressed again.
//
// Order matters: this plugin adds its onSend hook to each route, and route hooks run after the
// app-wide ones, so the ETag of etag.ts is computed on the uncompressed JSON (one weak ETag for
// every encoding) and a 304 has nothing left to compress.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers are sent as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    // Request bodies are not decompressed: a compressed upload would slip past the body limit.
    globalDecompression: false,
  });
}
