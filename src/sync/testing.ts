// Test doubles for the sync engine (used by tests/unit/sync-*.test.ts; handy for feature tests):
// a manual clock and a fake API that dedupes by Idempotency-Key exactly as the real server does.
import type { OutboxRequest, OutboxResponse, Send } from './outbox';

export interface FakeClock {
  now: () => number;
  advance: (ms: number) => void;
  set: (ms: number) => void;
}

export function createFakeClock(start = Date.UTC(2026, 0, 1)): FakeClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

/** What the fake server does with one request. */
export type Fault =
  | { type: 'ok' }
  | { type: 'network' } // nothing reached the server
  | { type: 'lost' } // the server applied it, the response never came back
  | { type: 'status'; status: number; retryAfter?: string; body?: unknown };

export interface IdempotentServer {
  /** An arrow function: pass it around unbound. */
  send: Send;
  /** Every request that reached the transport, in order. */
  requests: OutboxRequest[];
  /** Changes the server applied (once per key), in order. */
  applied: OutboxRequest[];
  /** Requests in flight right now, and the most that were ever in flight together. */
  inFlight: Set<string>;
  maxInFlight: number;
  /** Ids that were ever in flight twice at the same time (must stay empty). */
  overlapping: string[];
}

export interface IdempotentServerOptions {
  /** Decide the fate of each request (default: all ok). */
  fault?: (request: OutboxRequest) => Fault;
  /** Await this between receiving and answering (to interleave concurrent drains). */
  delay?: () => Promise<void>;
  /** Body of a 2xx answer. */
  respond?: (request: OutboxRequest) => unknown;
}

export function createIdempotentServer(options: IdempotentServerOptions = {}): IdempotentServer {
  const stored = new Map<string, OutboxResponse>();
  const server: IdempotentServer = {
    requests: [],
    applied: [],
    inFlight: new Set(),
    maxInFlight: 0,
    overlapping: [],
    send: async (request) => {
      server.requests.push(request);
      const key = request.headers['Idempotency-Key'];
      if (server.inFlight.has(key)) server.overlapping.push(key);
      server.inFlight.add(key);
      server.maxInFlight = Math.max(server.maxInFlight, server.inFlight.size);
      try {
        if (options.delay) await options.delay();
        const fault = options.fault ? options.fault(request) : { type: 'ok' as const };
        if (fault.type === 'network') throw new TypeError('Failed to fetch');
        if (fault.type === 'status') {
          return {
            status: fault.status,
            statusText: `Status ${fault.status}`,
            headers: fault.retryAfter === undefined ? {} : { 'Retry-After': fault.retryAfter },
            body: fault.body,
          };
        }
        let response = stored.get(key);
        if (!response) {
          server.applied.push(request);
          response = { status: 201, statusText: 'Created', headers: {}, body: options.respond ? options.respond(request) : { ok: true } };
          stored.set(key, response);
        }
        if (fault.type === 'lost') throw new TypeError('Network connection lost');
        return response;
      } finally {
        server.inFlight.delete(key);
      }
    },
  };
  return server;
}
