// The social platform providers in use, from config: one registry entry per platform. A platform
// whose real credentials are set talks to the platform itself; otherwise, with SANDBOX_PLATFORMS
// on, to its built-in sandbox (server/sandbox, labelled "Sandbox"); otherwise it is not available.
// The same adapter code serves both: only endpoints, credentials and the fetch differ.
import type { FastifyPluginAsync } from 'fastify';
import type { SocialPlatform } from '../../../contract/publishing';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { SocialAdapters, SocialHttp, SocialPlatformAdapter } from '../../domain/ports/social';
import { createSandbox, type SandboxClients } from '../../sandbox';
import { createInstagramAdapter } from './instagram';
import { createTiktokAdapter } from './tiktok';
import { createYoutubeAdapter, GOOGLE_ENDPOINTS } from './youtube';

type SocialConfig = Config['social'];

export interface SocialDeps {
  db: Db;
  /** The fetch real platforms are reached with (default global fetch). */
  fetch?: SocialHttp;
}

/** How one platform's adapter is made: against the platform when configured, or against its sandbox. */
interface ProviderEntry {
  /** The adapter for the real platform; null when its credentials are not configured. */
  real(config: SocialConfig, http: SocialHttp): SocialPlatformAdapter | null;
  /** The adapter against the built-in sandbox, reached in-process. */
  sandbox(config: SocialConfig, clients: SandboxClients, http: SocialHttp): SocialPlatformAdapter;
}

export const SOCIAL_PROVIDERS: Record<SocialPlatform, ProviderEntry> = {
  youtube: {
    real: ({ youtube }, http) =>
      youtube.clientId && youtube.clientSecret
        ? createYoutubeAdapter({
            clientId: youtube.clientId,
            clientSecret: youtube.clientSecret,
            endpoints: { authorizeUrl: youtube.authorizeUrl, tokenUrl: youtube.tokenUrl, revokeUrl: youtube.revokeUrl, apiBase: youtube.apiBase, uploadBase: youtube.uploadBase, watchBase: GOOGLE_ENDPOINTS.watchBase },
            http,
            sandbox: false,
            chunkSize: youtube.chunkBytes,
          })
        : null,
    sandbox: ({ youtube }, { youtube: client }, http) => createYoutubeAdapter({ ...client, http, sandbox: true, chunkSize: youtube.chunkBytes }),
  },
  tiktok: {
    real: ({ tiktok }, http) =>
      tiktok.clientKey && tiktok.clientSecret
        ? createTiktokAdapter({
            clientKey: tiktok.clientKey,
            clientSecret: tiktok.clientSecret,
            endpoints: { authorizeUrl: tiktok.authorizeUrl, tokenUrl: tiktok.tokenUrl, revokeUrl: tiktok.revokeUrl, apiBase: tiktok.apiBase, webBase: tiktok.webBase },
            http,
            sandbox: false,
            chunkSize: tiktok.chunkBytes,
          })
        : null,
    sandbox: ({ tiktok }, { tiktok: client }, http) =>
      createTiktokAdapter({ clientKey: client.clientId, clientSecret: client.clientSecret, endpoints: client.endpoints, http, sandbox: true, chunkSize: tiktok.chunkBytes }),
  },
  instagram: {
    real: ({ instagram }, http) =>
      instagram.clientId && instagram.clientSecret
        ? createInstagramAdapter({
            clientId: instagram.clientId,
            clientSecret: instagram.clientSecret,
            endpoints: { authorizeUrl: instagram.authorizeUrl, tokenUrl: instagram.tokenUrl, graphBase: instagram.graphBase, apiBase: instagram.apiBase },
            http,
            sandbox: false,
            pollIntervalMs: instagram.pollMs,
          })
        : null,
    sandbox: ({ instagram, sandbox }, { instagram: client }, http) =>
      createInstagramAdapter({
        ...client,
        http,
        sandbox: true,
        // The sandbox finishes a container after SANDBOX_PROCESSING_SECONDS: check a few times within it.
        pollIntervalMs: Math.max(250, Math.min(instagram.pollMs, Math.ceil(sandbox.processingMs / 4))),
      }),
  },
};

export interface SocialSetup {
  adapters: SocialAdapters;
  /** The sandboxes' routes (consent, channel pages…) for the app; null when no sandbox is in use. */
  sandboxPlugin: FastifyPluginAsync | null;
  close(): Promise<void>;
}

export function createSocialProviders(config: Pick<Config, 'appUrl' | 'dataDir' | 'social'>, deps: SocialDeps): SocialSetup {
  const http = deps.fetch ?? ((url, init) => fetch(url, init));
  const adapters: SocialAdapters = {};
  const sandboxed: SocialPlatform[] = [];
  for (const [platform, entry] of Object.entries(SOCIAL_PROVIDERS) as Array<[SocialPlatform, ProviderEntry]>) {
    const real = entry.real(config.social, http);
    if (real) adapters[platform] = real;
    else if (config.social.sandbox.enabled) sandboxed.push(platform);
  }
  if (sandboxed.length === 0) return { adapters, sandboxPlugin: null, close: () => Promise.resolve() };
  const sandbox = createSandbox({ db: deps.db, dataDir: config.dataDir, appUrl: config.appUrl, processingMs: config.social.sandbox.processingMs, platforms: sandboxed });
  for (const platform of sandboxed) adapters[platform] = SOCIAL_PROVIDERS[platform].sandbox(config.social, sandbox.clients, sandbox.http);
  return { adapters, sandboxPlugin: sandbox.plugin, close: () => sandbox.close() };
}
