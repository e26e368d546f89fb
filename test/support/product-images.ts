/**
 * Product images for tests that feed ProductAI (the emulator or the pipeline): real images made
 * with sharp (a product shot, a PNG of an exact size, a truncated PNG), and a tiny local HTTP
 * server that hosts them, since the emulator downloads the `image_url`s it is sent.
 */
import { createServer, type RequestListener } from 'node:http';
import sharp from 'sharp';
import { listenOnLoopback } from '../../emulators/shared/listen.ts';

export type Format = 'png' | 'jpeg' | 'webp';

/** A product shot: a coloured bottle on a plain white backdrop. */
export async function productImage(format: Format = 'png', width = 300, height = 400) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#ffffff"/>
<rect x="${width * 0.3}" y="${height * 0.25}" width="${width * 0.4}" height="${height * 0.6}" rx="${width * 0.08}" fill="#c0392b"/>
</svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A valid PNG of exactly `size` bytes: a product image padded with a private ancillary chunk. */
export async function pngOfSize(size: number): Promise<Buffer> {
  const base = await productImage('png', 64, 64);
  const iend = base.length - 12;
  const padding = size - base.length - 12;
  const type = Buffer.from('prVt');
  const data = Buffer.alloc(padding);
  const chunk = Buffer.alloc(12 + padding);
  chunk.writeUInt32BE(padding, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + padding);
  return Buffer.concat([base.subarray(0, iend), chunk, base.subarray(iend)]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A PNG whose header is valid but whose pixel data is cut off, so it cannot be decoded. */
export async function truncatedPng(): Promise<Buffer> {
  const full = await productImage('png', 256, 256);
  return full.subarray(0, Math.min(200, full.length - 20));
}

export interface HostedImages {
  url: string;
  /** Hosts `body` at `path` (with the given Content-Type header, default image/png). */
  serve(path: string, body: Buffer, contentType?: string): string;
  /** Answers `path` with a custom handler. */
  handle(path: string, handler: RequestListener): string;
  close(): Promise<void>;
}

export async function startImageHost(): Promise<HostedImages> {
  const routes = new Map<string, RequestListener>();
  const server = await listenOnLoopback(
    createServer((req, res) => {
      const handler = routes.get(req.url ?? '');
      if (handler) return handler(req, res);
      res.writeHead(404).end('not found');
    }),
  );
  const { url } = server;
  return {
    url,
    serve(path, body, contentType = 'image/png') {
      routes.set(path, (_req, res) => {
        res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
        res.end(body);
      });
      return `${url}${path}`;
    },
    handle(path, handler) {
      routes.set(path, handler);
      return `${url}${path}`;
    },
    close: () => server.close(),
  };
}
