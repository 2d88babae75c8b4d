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

export interface YoutubeSandbox {
  endpoints: YoutubeEndpoints;
  /** Reaches the sandbox routes in this process. */
  http: SocialHttp;
  /** Mounts the same routes on the app (consent and channel pages for the browser). */
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

export function createYoutubeSandbox(options: YoutubeSandboxOptions): YoutubeSandbox {
  const instance = Fastify({ logger: false, bodyLimit: SANDBOX_MAX_CHUNK_BYTES });
  void instance.register((scope) => youtubeSandboxRoutes(scope, options));
  return {
    endpoints: youtubeSandboxEndpoints(options.appUrl),
    http: inProcessHttp(instance),
    register: (app) => youtubeSandboxRoutes(app, options),
    close: () => instance.close(),
  };
}

export interface TiktokSandbox {
  endpoints: TiktokEndpoints;
  http: SocialHttp;
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

/** The TikTok sandbox, built like the YouTube one (a private instance for the adapter, the same routes on the app). */
export function createTiktokSandbox(options: TiktokSandboxOptions): TiktokSandbox {
  const instance = Fastify({ logger: false, bodyLimit: TIKTOK_SANDBOX_MAX_CHUNK_BYTES });
  void instance.register((scope) => tiktokSandboxRoutes(scope, options));
  return {
    endpoints: tiktokSandboxEndpoints(options.appUrl),
    http: inProcessHttp(instance),
    register: (app) => tiktokSandboxRoutes(app, options),
    close: () => instance.close(),
  };
}
