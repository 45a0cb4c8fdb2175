import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Waits this long before answering (to provoke a client's time-out). */
  delayMs?: number;
}

/**
 * Test support: a real HTTP server on a loopback port that records every JSON request and
 * answers what `reply` says, so API clients are tested over the wire rather than with mocks.
 */
export async function startLocalServer(
  reply: (request: ReceivedRequest, index: number) => Reply | Promise<Reply>,
) {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      requests.push(request);
      void Promise.resolve(reply(request, requests.length - 1)).then(
        async ({ status, headers = {}, body, delayMs }) => {
          if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (outgoing.destroyed) return;
          outgoing.writeHead(status, { 'content-type': 'application/json', ...headers });
          outgoing.end(body === undefined ? undefined : JSON.stringify(body));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
