/**
 * Result downloads cannot be aimed: real HTTP servers on 127.0.0.1 stand for ProductAI's CDN, an
 * internal service and a hostile host; the guard (src/platform/http/safe-fetch.ts) is the real
 * one, with the trusted origins the configuration derives (src/productai/config.ts,
 * src/app/config.ts). Host names other than `localhost` resolve through an injected resolver, so
 * a test can say what a hostile DNS answers without a DNS server.
 */
import { createServer, type RequestListener } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { afterAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../../emulators/shared/listen.ts';
import { loadAppConfig } from '../../../src/app/index.ts';
import type { SafeFetchPolicy } from '../../../src/platform/http/safe-fetch.ts';
import {
  RESULT_MAX_BYTES,
  ResultDownloadError,
  downloadResult,
} from '../../../src/pipeline/publish/result-download.ts';
import { productImage } from '../../support/product-images.ts';

interface RecordingServer {
  url: string;
  /** Connections the server accepted (a refused download opens none). */
  connections: number;
  /** Request paths, in order. */
  requests: string[];
  route(path: string, handler: RequestListener): string;
  close(): Promise<void>;
}

const servers: RecordingServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function startServer(): Promise<RecordingServer> {
  const routes = new Map<string, RequestListener>();
  const server = createServer((req, res) => {
    recording.requests.push(req.url ?? '');
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  server.on('connection', () => (recording.connections += 1));
  const listening = await listenOnLoopback(server);
  const recording: RecordingServer = {
    url: listening.url,
    connections: 0,
    requests: [],
    route(path, handler) {
      routes.set(path, handler);
      return `${listening.url}${path}`;
    },
    close: () => listening.close(),
  };
  servers.push(recording);
  return recording;
}

function serving(body: Buffer, contentType: string): RequestListener {
  return (_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  };
}

/** The policy a deployment gets from its environment (the app wires exactly this). */
function policyFor(env: Record<string, string>, resolve?: SafeFetchPolicy['resolve']) {
  const config = loadAppConfig({
    SHOPIFY_API_KEY: 'key',
    SHOPIFY_API_SECRET: 'secret',
    SHOPIFY_APP_URL: 'https://app.example.com',
    SCOPES: 'write_products',
    REDIS_URL: 'redis://127.0.0.1:6379',
    ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
    ...env,
  });
  return { trustedOrigins: config.productAi.resultDownloadOrigins, resolve };
}

/** A resolver that answers `answers[hostname]` (as a hostile DNS server would). */
function resolving(answers: Record<string, string>): SafeFetchPolicy['resolve'] {
  return async (hostname) => {
    const address = answers[hostname];
    if (!address) throw Object.assign(new Error(`no ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 } satisfies LookupAddress];
  };
}

async function refusal(download: Promise<unknown>): Promise<ResultDownloadError> {
  const error = await download.then(
    () => {
      throw new Error('the download was not refused');
    },
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ResultDownloadError);
  return error as ResultDownloadError;
}

/** The smallest ISO BMFF file file-type reads as MP4: an `ftyp` box with the `isom` brand. */
function mp4Header(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomavc1', 16, 'latin1');
  const free = Buffer.alloc(64);
  free.writeUInt32BE(64, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([ftyp, free]);
}

const png = await productImage('png', 64, 64);
const cdn = await startServer();
const internal = await startServer();
internal.route('/secret', serving(Buffer.from('{"token":"internal"}'), 'application/json'));
const development = policyFor({ NODE_ENV: 'development', PRODUCTAI_BASE_URL: cdn.url });
const production = policyFor({ NODE_ENV: 'production', PRODUCTAI_BASE_URL: cdn.url });

describe('where a result download may go', () => {
  it('downloads from the ProductAI origin in development (the emulator on http://127.0.0.1)', async () => {
    const url = cdn.route('/cdn/result.png', serving(png, 'image/png'));

    const download = await downloadResult(url, 'photo', { policy: development });

    expect({ bytes: download.bytes, mimeType: download.mimeType }).toEqual({
      bytes: png.length,
      mimeType: 'image/png',
    });
    await download.dispose();
  });

  it('refuses an http URL in production, even the ProductAI base URL, and connects nowhere', async () => {
    const url = cdn.route('/cdn/production.png', serving(png, 'image/png'));
    const before = cdn.connections;

    const error = await refusal(downloadResult(url, 'photo', { policy: production }));

    expect(error.permanent).toBe(true);
    expect(error.message).toBe(
      "The result file's address was refused: only https addresses are downloaded, not http:",
    );
    expect(cdn.connections).toBe(before);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['fd00:ec2::254', 'unique-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ])('refuses a host name that resolves to %s (%s)', async (address) => {
    const policy = policyFor(
      { NODE_ENV: 'production' },
      resolving({ 'results.example.test': address }),
    );

    const error = await refusal(
      downloadResult('https://results.example.test/result.png', 'photo', { policy }),
    );

    expect(error.permanent).toBe(true);
    expect(error.message).toBe(
      `The result file's address was refused: results.example.test resolves to ${address}, which is not a public address`,
    );
  });

  it('refuses localhost through the system resolver before a connection is made', async () => {
    const port = new URL(internal.url).port;
    const before = internal.connections;

    const error = await refusal(
      downloadResult(`https://localhost:${port}/secret`, 'photo', { policy: production }),
    );

    expect(error.message).toMatch(
      /localhost resolves to (127\.0\.0\.1|::1), which is not a public/,
    );
    expect(internal.connections).toBe(before);
  });

  it.each(['169.254.169.254', '[::1]', '[::ffff:7f00:1]', '0.0.0.0'])(
    'refuses the IP literal %s without a lookup',
    async (host) => {
      const error = await refusal(
        downloadResult(`https://${host}/latest/meta-data`, 'photo', { policy: production }),
      );

      expect(error.message).toMatch(
        /^The result file's address was refused: .* is not a public address$/,
      );
    },
  );
});

describe('redirects', () => {
  it('refuses a redirect from the trusted origin to a name that resolves to a private address, and the private server receives nothing', async () => {
    const port = new URL(internal.url).port;
    const url = cdn.route('/cdn/to-internal.png', (_req, res) => {
      res.writeHead(302, { location: `https://internal.example.test:${port}/secret` }).end();
    });
    const policy = { ...development, resolve: resolving({ 'internal.example.test': '127.0.0.1' }) };
    const before = internal.connections;

    const error = await refusal(downloadResult(url, 'photo', { policy }));

    expect(error.message).toBe(
      "The result file's address was refused: internal.example.test resolves to 127.0.0.1, which is not a public address",
    );
    expect(internal.connections).toBe(before);
  });

  it('refuses a redirect to a plain-http address outside the trusted origins', async () => {
    const url = cdn.route('/cdn/to-http.png', (_req, res) => {
      res.writeHead(301, { location: `${internal.url}/secret` }).end();
    });
    const before = internal.connections;

    const error = await refusal(downloadResult(url, 'photo', { policy: development }));

    expect(error.message).toBe(
      "The result file's address was refused: only https addresses are downloaded, not http:",
    );
    expect(internal.connections).toBe(before);
  });

  it('follows three redirects and refuses the fourth', async () => {
    cdn.route('/hop/0', serving(png, 'image/png'));
    for (let hop = 1; hop <= 4; hop += 1) {
      cdn.route(`/hop/${hop}`, (_req, res) => {
        res.writeHead(307, { location: `/hop/${hop - 1}` }).end();
      });
    }

    const three = await downloadResult(`${cdn.url}/hop/3`, 'photo', { policy: development });
    await three.dispose();
    const requestsBefore = cdn.requests.length;
    const error = await refusal(
      downloadResult(`${cdn.url}/hop/4`, 'photo', { policy: development }),
    );

    expect(three.bytes).toBe(png.length);
    expect(error.message).toBe(
      "The result file's address was refused: it redirected more than 3 times",
    );
    expect(cdn.requests.slice(requestsBefore)).toEqual(['/hop/4', '/hop/3', '/hop/2', '/hop/1']);
  });
});

describe('how large a result may be', () => {
  it('refuses a photo whose Content-Length is over the limit without reading it', async () => {
    let sent = 0;
    const url = cdn.route('/cdn/huge-declared.png', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'image/png',
        'content-length': RESULT_MAX_BYTES.photo + 1,
      });
      sent += png.length;
      res.write(png);
    });

    const error = await refusal(downloadResult(url, 'photo', { policy: development }));

    expect(error).toMatchObject({
      permanent: true,
      message: 'The result file is larger than the 64 MB a photo can be',
    });
    expect(sent).toBe(png.length);
  });

  it('refuses a photo streamed past the limit without a Content-Length', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const url = cdn.route('/cdn/huge-streamed.png', (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(png);
      const more = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
    });

    const error = await refusal(downloadResult(url, 'photo', { policy: development }));

    expect(error).toMatchObject({
      permanent: true,
      message: 'The result file is larger than the 64 MB a photo can be',
    });
  });

  it('caps each kind far below 1 GB', () => {
    expect(RESULT_MAX_BYTES).toEqual({
      photo: 64 * 1024 * 1024,
      upscale: 256 * 1024 * 1024,
      video: 256 * 1024 * 1024,
    });
  });
});

describe('what a result is', () => {
  it('accepts an MP4 for a video and reports its type from its bytes', async () => {
    const url = cdn.route('/cdn/result.mp4', serving(mp4Header(), 'application/octet-stream'));

    const download = await downloadResult(url, 'video', { policy: development });

    expect(download.mimeType).toBe('video/mp4');
    await download.dispose();
  });

  it('refuses a PNG served as a video', async () => {
    const url = cdn.route('/cdn/fake.mp4', serving(png, 'video/mp4'));

    const error = await refusal(downloadResult(url, 'video', { policy: development }));

    expect(error).toMatchObject({
      permanent: true,
      message:
        'The result file is not an MP4, MOV or WebM video: its bytes are PNG data (served as video/mp4)',
    });
  });

  it('refuses HTML served as an image', async () => {
    const html = Buffer.from('<!doctype html><html><body>Sign in</body></html>');
    const url = cdn.route('/cdn/fake.png', serving(html, 'image/png'));

    const error = await refusal(downloadResult(url, 'photo', { policy: development }));

    expect(error).toMatchObject({
      permanent: true,
      message:
        'The result file is not a PNG, JPEG or WebP image: its bytes are of no media type we recognise (served as image/png)',
    });
  });

  it('refuses an image whose Content-Type says it is a video', async () => {
    const url = cdn.route('/cdn/mislabelled.png', serving(png, 'video/mp4'));

    const error = await refusal(downloadResult(url, 'photo', { policy: development }));

    expect(error.message).toBe(
      "The result file's bytes are PNG data but it was served as video/mp4",
    );
  });
});
