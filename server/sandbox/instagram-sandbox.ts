// The Instagram sandbox's setup (like createYoutubeSandbox): its routes on a private Fastify
// instance the adapter reaches in-process, and the same routes mounted on the app for browsers.
// The sandbox fetches each Reel's video_url from the app's own media route: in-process through
// the app once the routes are mounted there (no socket, no public APP_URL needed), else (a worker
// process without the app) with plain fetch to APP_URL.
import Fastify, { type FastifyInstance } from 'fastify';
import type { InstagramEndpoints } from '../instagram/client';
import type { SocialHttp } from '../types';
import { inProcessHttp } from './in-process-http';
import { instagramSandboxEndpoints, instagramSandboxRoutes, type InstagramSandboxOptions } from './instagram-routes';

export interface InstagramSandbox {
  endpoints: InstagramEndpoints;
  http: SocialHttp;
  register(app: FastifyInstance): Promise<void>;
  close(): Promise<void>;
}

export function createInstagramSandbox(options: Omit<InstagramSandboxOptions, 'mediaHttp'> & { fetch?: SocialHttp }): InstagramSandbox {
  let mediaHttp: SocialHttp = options.fetch ?? ((url, init) => fetch(url, init));
  const routeOptions: InstagramSandboxOptions = { ...options, mediaHttp: () => mediaHttp };
  const instance = Fastify({ logger: false });
  void instance.register((scope) => instagramSandboxRoutes(scope, routeOptions));
  return {
    endpoints: instagramSandboxEndpoints(options.appUrl),
    http: inProcessHttp(instance),
    register: async (app) => {
      mediaHttp = inProcessHttp(app);
      await instagramSandboxRoutes(app, routeOptions);
    },
    close: () => instance.close(),
  };
}
