// The built-in platform sandboxes (issue 9): the routes (mounted on the app for browsers, and on
// a small private Fastify instance the adapters reach through inProcessHttp, with no network).
import Fastify, { type FastifyInstance } from 'fastify';
import type { SocialHttp } from '../types';
import type { TiktokEndpoints } from '../tiktok/client';
import type { YoutubeEndpoints } from '../youtube/client';
import { inProcessHttp } from './in-process-http';
import { SANDBOX_MAX_CHUNK_BYTES, youtubeSandboxEndpoints, youtubeSandboxRoutes, type YoutubeSandboxOptions } from './youtube-routes';
import { TIKTOK_SANDBOX_MAX_CHUNK_BYTES, tiktokSandboxEndpoints, tiktokSandboxRoutes, type TiktokSandboxOptions } from './tiktok-routes';

export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, YOUTUBE_SANDBOX_PREFIX, youtubeSandboxEndpoints, youtubeSandboxRoutes, type YoutubeSandboxOptions } from './youtube-routes';
export { inProcessHttp } from './in-process-http';
export { TIKTOK_SANDBOX_CLIENT_KEY, TIKTOK_SANDBOX_CLIENT_SECRET, TIKTOK_SANDBOX_PREFIX, tiktokSandboxEndpoints, tiktokSandboxRoutes, type TiktokSandboxOptions } from './tiktok-routes';

/** One platform's sandbox: its addresses, a fetch that reaches it in this process, its routes for the app. */
export interface PlatformSandbox<E> {
  endpoints: E;
  /** Reaches the sandbox routes in this process. */
  http: SocialHttp;
  /** Mounts the same routes on the app (consent and account pages for the browser). */
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}
export type YoutubeSandbox = PlatformSandbox<YoutubeEndpoints>;
export type TiktokSandbox = PlatformSandbox<TiktokEndpoints>;

function createSandbox<E, O>(routes: (app: FastifyInstance, options: O) => Promise<void>, options: O, endpoints: E, bodyLimit: number): PlatformSandbox<E> {
  const instance = Fastify({ logger: false, bodyLimit });
  void instance.register((scope) => routes(scope, options));
  return { endpoints, http: inProcessHttp(instance), register: (app) => routes(app, options), close: () => instance.close() };
}

export function createYoutubeSandbox(options: YoutubeSandboxOptions): YoutubeSandbox {
  return createSandbox(youtubeSandboxRoutes, options, youtubeSandboxEndpoints(options.appUrl), SANDBOX_MAX_CHUNK_BYTES);
}

export function createTiktokSandbox(options: TiktokSandboxOptions): TiktokSandbox {
  return createSandbox(tiktokSandboxRoutes, options, tiktokSandboxEndpoints(options.appUrl), TIKTOK_SANDBOX_MAX_CHUNK_BYTES);
}
export { createInstagramSandbox, type InstagramSandbox } from './instagram-sandbox';
export { INSTAGRAM_SANDBOX_CLIENT_ID, INSTAGRAM_SANDBOX_CLIENT_SECRET, INSTAGRAM_SANDBOX_PREFIX, SANDBOX_PUBLISHING_LIMIT, instagramSandboxEndpoints } from './instagram-routes';
