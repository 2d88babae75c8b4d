// The social platform adapters in use, from config (issue 9). YouTube: Google's real endpoints
// when YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET are set; otherwise the built-in sandbox
// (labelled "Sandbox"), unless SANDBOX_PLATFORMS=0 — then YouTube is simply not available.
// TikTok (issue 10) the same way with TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { createInstagramAdapter } from './instagram';
import {
  createInstagramSandbox,
  createTiktokSandbox,
  createYoutubeSandbox,
  INSTAGRAM_SANDBOX_CLIENT_ID,
  INSTAGRAM_SANDBOX_CLIENT_SECRET,
  SANDBOX_CLIENT_ID,
  SANDBOX_CLIENT_SECRET,
  TIKTOK_SANDBOX_CLIENT_KEY,
  TIKTOK_SANDBOX_CLIENT_SECRET,
  type InstagramSandbox,
  type TiktokSandbox,
  type YoutubeSandbox,
} from './sandbox';
import { createTiktokAdapter } from './tiktok';
import type { SocialAdapters, SocialHttp } from './types';
import { createYoutubeAdapter, GOOGLE_ENDPOINTS } from './youtube';

export interface SocialDeps {
  db: Db;
  /** The fetch real platforms are reached with (default global fetch). */
  fetch?: SocialHttp;
}

export interface SocialSetup {
  adapters: SocialAdapters;
  /** Mounts the sandboxes' routes (consent, channel pages…) on the app; none when no sandbox is in use. */
  registerRoutes(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

export function createSocialAdapters(config: Pick<Config, 'appUrl' | 'dataDir' | 'social'>, deps: SocialDeps): SocialSetup {
  const { youtube, sandbox } = config.social;
  const adapters: SocialAdapters = {};
  let youtubeSandbox: YoutubeSandbox | null = null;
  if (youtube.clientId && youtube.clientSecret) {
    adapters.youtube = createYoutubeAdapter({
      clientId: youtube.clientId,
      clientSecret: youtube.clientSecret,
      endpoints: { authorizeUrl: youtube.authorizeUrl, tokenUrl: youtube.tokenUrl, revokeUrl: youtube.revokeUrl, apiBase: youtube.apiBase, uploadBase: youtube.uploadBase, watchBase: GOOGLE_ENDPOINTS.watchBase },
      http: deps.fetch ?? ((url, init) => fetch(url, init)),
      sandbox: false,
      chunkSize: youtube.chunkBytes,
    });
  } else if (sandbox.enabled) {
    youtubeSandbox = createYoutubeSandbox({ db: deps.db, dataDir: config.dataDir, appUrl: config.appUrl, processingMs: sandbox.processingMs });
    adapters.youtube = createYoutubeAdapter({
      clientId: SANDBOX_CLIENT_ID,
      clientSecret: SANDBOX_CLIENT_SECRET,
      endpoints: youtubeSandbox.endpoints,
      http: youtubeSandbox.http,
      sandbox: true,
      chunkSize: youtube.chunkBytes,
    });
  }
  const instagramSandbox = configureInstagram(config, deps, adapters);
  const tiktokSandbox = addTiktok(config, deps, adapters);
  return {
    adapters,
    registerRoutes: async (app) => {
      if (youtubeSandbox) await youtubeSandbox.register(app);
      if (instagramSandbox) await instagramSandbox.register(app);
      if (tiktokSandbox) await tiktokSandbox.register(app);
    },
    close: async () => {
      await youtubeSandbox?.close();
      await instagramSandbox?.close();
      await tiktokSandbox?.close();
    },
  };
}

/** Instagram (issue 10): Instagram Login when INSTAGRAM_CLIENT_ID and _SECRET are set, else the sandbox. */
function configureInstagram(config: Pick<Config, 'appUrl' | 'social'>, deps: SocialDeps, adapters: SocialAdapters): InstagramSandbox | null {
  const { instagram, sandbox } = config.social;
  const pollIntervalMs = instagram.pollMs;
  if (instagram.clientId && instagram.clientSecret) {
    adapters.instagram = createInstagramAdapter({
      clientId: instagram.clientId,
      clientSecret: instagram.clientSecret,
      endpoints: { authorizeUrl: instagram.authorizeUrl, tokenUrl: instagram.tokenUrl, graphBase: instagram.graphBase, apiBase: instagram.apiBase },
      http: deps.fetch ?? ((url, init) => fetch(url, init)),
      sandbox: false,
      pollIntervalMs,
    });
    return null;
  }
  if (!sandbox.enabled) return null;
  const instagramSandbox = createInstagramSandbox({ db: deps.db, appUrl: config.appUrl, processingMs: sandbox.processingMs });
  adapters.instagram = createInstagramAdapter({
    clientId: INSTAGRAM_SANDBOX_CLIENT_ID,
    clientSecret: INSTAGRAM_SANDBOX_CLIENT_SECRET,
    endpoints: instagramSandbox.endpoints,
    http: instagramSandbox.http,
    sandbox: true,
    // The sandbox finishes a container after SANDBOX_PROCESSING_SECONDS: check a few times within it.
    pollIntervalMs: Math.max(250, Math.min(pollIntervalMs, Math.ceil(sandbox.processingMs / 4))),
  });
  return instagramSandbox;
}

/** TikTok (issue 10): TikTok itself when TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET are set, else its sandbox. */
function addTiktok(config: Pick<Config, 'appUrl' | 'dataDir' | 'social'>, deps: SocialDeps, adapters: SocialAdapters): TiktokSandbox | null {
  const { tiktok, sandbox } = config.social;
  if (tiktok.clientKey && tiktok.clientSecret) {
    adapters.tiktok = createTiktokAdapter({
      clientKey: tiktok.clientKey,
      clientSecret: tiktok.clientSecret,
      endpoints: { authorizeUrl: tiktok.authorizeUrl, tokenUrl: tiktok.tokenUrl, revokeUrl: tiktok.revokeUrl, apiBase: tiktok.apiBase, webBase: tiktok.webBase },
      http: deps.fetch ?? ((url, init) => fetch(url, init)),
      sandbox: false,
      chunkSize: tiktok.chunkBytes,
    });
    return null;
  }
  if (!sandbox.enabled) return null;
  const tiktokSandbox = createTiktokSandbox({ db: deps.db, dataDir: config.dataDir, appUrl: config.appUrl, processingMs: sandbox.processingMs });
  adapters.tiktok = createTiktokAdapter({
    clientKey: TIKTOK_SANDBOX_CLIENT_KEY,
    clientSecret: TIKTOK_SANDBOX_CLIENT_SECRET,
    endpoints: tiktokSandbox.endpoints,
    http: tiktokSandbox.http,
    sandbox: true,
    chunkSize: tiktok.chunkBytes,
  });
  return tiktokSandbox;
}
