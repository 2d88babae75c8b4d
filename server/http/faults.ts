// Fault injection for the offline engine's browser tests: a share of API requests
// fail with 5xx, 429, a dropped connection before the change, or a dropped connection AFTER the
// change was committed (the "response lost" case that only idempotency keys can make safe).
// It exists only when the server runs in test mode (REELFLOW_TEST_MODE=1); in any other mode
// the route is not registered and no hook runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { mulberry32 } from '../lib/seeded-random';
import { parseBody } from './validation';

export const FAULT_KINDS = ['500', '503', '429', 'drop-before', 'drop-after'] as const;
type FaultKind = (typeof FAULT_KINDS)[number];

const faultSettings = z.object({
  /** Share of eligible requests that fail, 0..1. */
  rate: z.number().min(0).max(1),
  kinds: z.array(z.enum(FAULT_KINDS)).min(1).default([...FAULT_KINDS]),
  /** Only requests whose path starts with one of these are eligible. */
  paths: z.array(z.string()).default(['/api/']),
  /** Seed of the generator, so a failing run can be replayed. */
  seed: z.number().int().default(1),
});
type FaultSettings = z.infer<typeof faultSettings>;

declare module 'fastify' {
  interface FastifyRequest {
    injectedFault: FaultKind | null;
  }
}

export function registerFaultInjection(app: FastifyInstance): void {
  let settings: FaultSettings = { rate: 0, kinds: [...FAULT_KINDS], paths: ['/api/'], seed: 1 };
  let random = mulberry32(settings.seed);
  const injected: Record<string, number> = {};

  const eligible = (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '';
    // Never the health check (the test harness waits on it) nor /internal/ (the switch itself:
    // paths ['/'] must not make it impossible to turn faults off again).
    return settings.rate > 0 && path !== '/api/health' && !path.startsWith('/internal/') && settings.paths.some((prefix) => path.startsWith(prefix));
  };

  app.decorateRequest('injectedFault', null);

  app.post('/internal/test/faults', (request, reply) => {
    settings = parseBody(faultSettings, request.body);
    random = mulberry32(settings.seed);
    for (const key of Object.keys(injected)) delete injected[key];
    return reply.send({ ...settings, injected });
  });
  app.get('/internal/test/faults', (_request, reply) => reply.send({ ...settings, injected }));

  app.addHook('onRequest', async (request, reply) => {
    if (!eligible(request) || random() >= settings.rate) return;
    const kind = settings.kinds[Math.floor(random() * settings.kinds.length)]!;
    injected[kind] = (injected[kind] ?? 0) + 1;
    request.injectedFault = kind;
    switch (kind) {
      case '500':
        return reply.code(500).send({ message: 'Server Error.' });
      case '503':
        return reply.code(503).header('retry-after', '1').send({ message: 'Service Unavailable.' });
      case '429':
        return reply.code(429).header('retry-after', '1').send({ message: 'Too Many Attempts.' });
      case 'drop-before':
        request.raw.socket.destroy();
        return reply;
      case 'drop-after':
        return; // handled in onSend, after the change has been committed
    }
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.injectedFault === 'drop-after') request.raw.socket.destroy();
    return payload;
  });
}
