/**
 * ProductAI webhook deliveries as anyone at an allow-listed address could send them, and a
 * forger's file host: what the pipeline tests use to check that a delivery is only a notice.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SOURCE } from './pipeline-stack.ts';
import { afterFile } from './teardown.ts';

/** POSTs `body` as JSON to a webhook URL from `localAddress` (ProductAI's, by default). */
export function deliver(
  url: string,
  body: unknown,
  localAddress = WEBHOOK_SOURCE,
): Promise<Response> {
  // undici cannot pick a source address; node:http can, as the emulator's sender does.
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(url, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
    });
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })),
      );
    });
    req.once('error', reject);
    req.end(text);
  });
}

export interface ForgerHost {
  /** A URL on the host, to name in a forged delivery. */
  fileUrl(name: string): string;
  /** Every path the host was asked for. */
  readonly requests: readonly string[];
}

/** An HTTP server on 127.0.0.1 that records each request (and answers 404); closed after the file. */
export async function startForgerHost(): Promise<ForgerHost> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterFile(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  return { fileUrl: (name) => `http://127.0.0.1:${port}/${name}`, requests };
}
