// What the provider fakes share: a real node:http server on a free port that records each request
// and can be told to fail the next one with a given status and body (the provider's own envelope).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
  /** The body as sent (multipart uploads are not JSON). */
  raw: Buffer;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** The next request (of any kind) is answered with this status and JSON body (and headers) instead. */
  failNext(status: number, body: unknown, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

export type FakeHandler = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFake(handler: FakeHandler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const failures: Array<{ status: number; body: unknown; headers?: Record<string, string> | undefined }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString();
      let body: Record<string, unknown> | null;
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const recorded = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body, raw: bytes };
      requests.push(recorded);
      const failure = failures.shift();
      if (failure) return sendJson(res, failure.status, failure.body, failure.headers);
      Promise.resolve(handler(recorded, res)).catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext: (status, body, headers) => void failures.push({ status, body, headers }),
    close: () => new Promise((done) => server.close(() => done())),
  };
}
