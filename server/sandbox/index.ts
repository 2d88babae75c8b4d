// The built-in platform sandboxes as ONE Fastify plugin: YouTube, TikTok and Instagram under
// /sandbox/{platform}, each speaking its platform's own protocol so the real adapters run against
// it unchanged. The same plugin is mounted twice: on the app (consent and account pages for the
// browser) and on a small private Fastify instance the adapters reach through inProcessHttp, with
// no network.
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { SocialPlatform } from '../../contract/publishing';
import type { Db } from '../db/client';
import type { SocialHttp } from '../domain/ports/social';
import type { InstagramEndpoints } from '../providers/social/instagram/client';
import type { TiktokEndpoints } from '../providers/social/tiktok/client';
import type { YoutubeEndpoints } from '../providers/social/youtube/client';
import { inProcessHttp } from './in-process-http';
import { INSTAGRAM_SANDBOX_CLIENT_ID, INSTAGRAM_SANDBOX_CLIENT_SECRET, instagramSandboxEndpoints, instagramSandboxRoutes } from './instagram-routes';
import { TIKTOK_SANDBOX_CLIENT_KEY, TIKTOK_SANDBOX_CLIENT_SECRET, tiktokSandboxEndpoints, tiktokSandboxRoutes } from './tiktok-routes';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, youtubeSandboxEndpoints, youtubeSandboxRoutes } from './youtube-routes';

export { inProcessHttp } from './in-process-http';
export { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, YOUTUBE_SANDBOX_PREFIX } from './youtube-routes';
export { TIKTOK_SANDBOX_CLIENT_KEY, TIKTOK_SANDBOX_CLIENT_SECRET, TIKTOK_SANDBOX_PREFIX } from './tiktok-routes';
export { INSTAGRAM_SANDBOX_CLIENT_ID, INSTAGRAM_SANDBOX_CLIENT_SECRET, INSTAGRAM_SANDBOX_PREFIX, SANDBOX_PUBLISHING_LIMIT } from './instagram-routes';

export interface SandboxOptions {
  db: Db;
  /** config.dataDir: partial uploads are kept in `${dataDir}/sandbox/{platform}/`. */
  dataDir: string;
  /** config.appUrl: the sandboxes' addresses, and the only origin a redirect_uri or video_url may have. */
  appUrl: string;
  /** How long a finished upload stays processing. */
  processingMs: number;
  /** The platforms to stand in for (those without real credentials). Default: all three. */
  platforms?: readonly SocialPlatform[];
  /** How the Instagram sandbox fetches video_url before the plugin is mounted on the app. Default: global fetch. */
  fetch?: SocialHttp;
}

/** What an adapter needs to talk to one platform's sandbox: its addresses and its one OAuth client. */
export interface SandboxClient<E> {
  endpoints: E;
  clientId: string;
  clientSecret: string;
}

export interface SandboxClients {
  youtube: SandboxClient<YoutubeEndpoints>;
  tiktok: SandboxClient<TiktokEndpoints>;
  instagram: SandboxClient<InstagramEndpoints>;
}

export interface Sandbox {
  clients: SandboxClients;
  /** Reaches the sandbox routes in this process (the adapters' fetch). */
  http: SocialHttp;
  /** The routes of the platforms in use, for the app: `await app.register(sandbox.plugin)`. */
  plugin: FastifyPluginAsync;
  close(): Promise<void>;
}

export function sandboxClients(appUrl: string): SandboxClients {
  return {
    youtube: { endpoints: youtubeSandboxEndpoints(appUrl), clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET },
    tiktok: { endpoints: tiktokSandboxEndpoints(appUrl), clientId: TIKTOK_SANDBOX_CLIENT_KEY, clientSecret: TIKTOK_SANDBOX_CLIENT_SECRET },
    instagram: { endpoints: instagramSandboxEndpoints(appUrl), clientId: INSTAGRAM_SANDBOX_CLIENT_ID, clientSecret: INSTAGRAM_SANDBOX_CLIENT_SECRET },
  };
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const platforms = new Set(options.platforms ?? (['youtube', 'tiktok', 'instagram'] as const));
  // Instagram (video_url) and TikTok (PULL_FROM_URL) fetch videos from the app's own media route: in-process
  // through the app once the plugin is mounted there (no socket, no public APP_URL needed), else
  // (a worker process without the app) with plain fetch to APP_URL.
  let mediaHttp: SocialHttp = options.fetch ?? ((url, init) => fetch(url, init));
  const routeOptions = { ...options, mediaHttp: () => mediaHttp };
  const routes = async (scope: FastifyInstance) => {
    if (platforms.has('youtube')) await youtubeSandboxRoutes(scope, routeOptions);
    if (platforms.has('tiktok')) await tiktokSandboxRoutes(scope, routeOptions);
    if (platforms.has('instagram')) await instagramSandboxRoutes(scope, routeOptions);
  };
  const instance = Fastify({ logger: false });
  void instance.register(routes);
  return {
    clients: sandboxClients(options.appUrl),
    http: inProcessHttp(instance),
    plugin: async (app) => {
      mediaHttp = inProcessHttp(app);
      await routes(app);
    },
    close: () => instance.close(),
  };
}
