/**
 * `GET /cdn/shops/<shop>/files/<name>`: the shop's files as a CDN serves them, with image
 * transforms from the query (see transform.ts). Transformed copies are cached in memory. Files
 * served as uploaded keep their metadata, or lose it when the emulator is told to strip it
 * (metadata.ts), as a CDN that encodes images again would.
 */
import express, { type Request, type Response, type Router } from 'express';
import type { EmulatorContext } from '../emulator-context.ts';
import { stripMetadata } from './metadata.ts';
import { transformImage, transformQuery } from './transform.ts';

const CACHE_ENTRIES = 256;

export function cdnRouter(emu: EmulatorContext): Router {
  const router = express.Router();
  const transformed = new Map<string, { bytes: Buffer; mimeType: string }>();

  router.get('/cdn/shops/:shop/files/:name', async (req: Request, res: Response) => {
    const path = `/cdn/shops/${String(req.params['shop'])}/files/${String(req.params['name'])}`;
    const asset = await emu.assets.get(path);
    if (!asset) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    res.set('Cache-Control', 'public, max-age=31536000');
    const query = asset.mimeType.startsWith('image/')
      ? transformQuery(req.query as Record<string, unknown>)
      : undefined;
    if (!query) {
      if (emu.cdn.metadata === 'keep' || !asset.mimeType.startsWith('image/')) {
        res.type(asset.mimeType).send(asset.bytes);
        return;
      }
      const key = `${path}#stripped`;
      let stripped = transformed.get(key);
      if (!stripped) {
        stripped = {
          bytes: await stripMetadata(asset.bytes, asset.mimeType),
          mimeType: asset.mimeType,
        };
        if (transformed.size >= CACHE_ENTRIES) transformed.delete(transformed.keys().next().value!);
        transformed.set(key, stripped);
      }
      res.type(stripped.mimeType).send(stripped.bytes);
      return;
    }
    const key = `${path}?${JSON.stringify(query)}`;
    let out = transformed.get(key);
    if (!out) {
      out = await transformImage(asset.bytes, asset.mimeType, query);
      if (transformed.size >= CACHE_ENTRIES) transformed.delete(transformed.keys().next().value!);
      transformed.set(key, out);
    }
    res.type(out.mimeType).send(out.bytes);
  });

  return router;
}
