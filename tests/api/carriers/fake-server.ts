/**
 * The frame of the carrier test doubles (issue 17): a small HTTP server on an ephemeral port of 127.0.0.1 that
 * records every request, hands it to a route function, and can be told to misbehave on the next calls:
 * `hang` (never answers: the client's time limit fires), `hang-after` (does the work, then never answers: the
 * outcome is unclear to the client), `reset` (drops the connection before reading), `503`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest { method: string; path: string; headers: IncomingMessage['headers']; body: unknown; raw: string }
export interface FakeAnswer { status: number; body?: unknown; text?: string }
export type Fault = 'hang' | 'hang-after' | 'reset' | '503';

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  /** Faults for the next requests whose path matches, consumed in order. */
  faults: Array<{ path: RegExp; fault: Fault }>;
  close(): Promise<void>;
}

/** A minimal one-page PDF, the label every fake returns (the proxy stores it as it comes). */
export const LABEL_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 288 432]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export async function startFake(route: (req: FakeRequest) => FakeAnswer): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const faults: FakeServer['faults'] = [];
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const i = faults.findIndex((f) => f.path.test(path));
    const fault = i >= 0 ? faults.splice(i, 1)[0].fault : undefined;
    if (fault === 'reset') { req.socket.destroy(); return; }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      try { body = raw ? JSON.parse(raw) : null; } catch { body = undefined; }
      const r: FakeRequest = { method: req.method ?? '', path, headers: req.headers, body, raw };
      requests.push(r);
      if (fault === 'hang') { hanging.add(res); return; }
      if (fault === '503') { res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable'); return; }
      const answer = route(r);
      if (fault === 'hang-after') { hanging.add(res); return; }
      if (answer.text !== undefined) res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8' }).end(answer.text);
      else if (answer.body === undefined) res.writeHead(answer.status).end();
      else res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`, requests, faults,
    close: () => new Promise((resolve) => { for (const res of hanging) res.destroy(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
