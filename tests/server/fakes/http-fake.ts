// What the provider fakes share: a real node:http server on a free port that records each request
// and can be told to fail the next one with a given status and body (the provider's own envelope).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** The next request (of any kind) is answered with this status and JSON body instead. */
  failNext(status: number, body: unknown): void;
  close(): Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFake(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const failures: Array<{ status: number; body: unknown }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      let body: Record<string, unknown> | null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      requests.push(recorded);
      const failure = failures.shift();
      if (failure) return sendJson(res, failure.status, failure.body);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext: (status, body) => void failures.push({ status, body }),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
