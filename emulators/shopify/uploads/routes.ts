/**
 * The upload targets' HTTP side: `PUT /staged-uploads/<id>/<file>?X-Goog-Signature=…` with the
 * raw bytes, `POST /staged-uploads` as multipart form (parameters first, then `file`), and
 * `GET /staged-uploads/<id>/<file>` serving what was uploaded (the `resourceUrl`). Errors are
 * XML like Google Cloud Storage's.
 */
import busboy from 'busboy';
import express, { type Request, type Response, type Router } from 'express';
import type { EmulatorContext } from '../emulator-context.ts';
import { STAGED_PATH } from './staged-uploads.ts';

const MAX_UPLOAD = '1gb';

function storageError(res: Response, status: number, code: string, message: string): void {
  res
    .status(status)
    .type('application/xml')
    .send(
      `<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
}

function signatureMismatch(res: Response): void {
  storageError(
    res,
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided.',
  );
}

function keyOf(req: Request): string {
  return `${String(req.params['id'])}/${encodeURIComponent(String(req.params['filename']))}`;
}

export function stagedUploadRouter(emu: EmulatorContext): Router {
  const router = express.Router();

  router.put(
    `${STAGED_PATH}/:id/:filename`,
    express.raw({ type: () => true, limit: MAX_UPLOAD }),
    (req: Request, res: Response) => {
      const key = keyOf(req);
      const signature =
        typeof req.query['X-Goog-Signature'] === 'string' ? req.query['X-Goog-Signature'] : '';
      if (!emu.staged.verify(key, signature)) {
        signatureMismatch(res);
        return;
      }
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const refused = emu.staged.accept(
        String(req.params['id']),
        bytes,
        req.get('content-type') ?? null,
      );
      if (refused) {
        storageError(res, 400, 'EntityTooLarge', refused);
        return;
      }
      res.status(200).end();
    },
  );

  router.post(STAGED_PATH, (req: Request, res: Response) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers });
    } catch {
      storageError(res, 400, 'InvalidArgument', 'Expected a multipart/form-data upload.');
      return;
    }
    const fields: Record<string, string> = {};
    let file: Buffer | null = null;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on('close', () => {
      const key = fields['key'] ?? '';
      if (!emu.staged.verify(key, fields['x-goog-signature'] ?? '')) {
        signatureMismatch(res);
        return;
      }
      if (!file) {
        storageError(res, 400, 'InvalidArgument', 'The multipart upload has no file field.');
        return;
      }
      const id = key.split('/')[0] ?? '';
      const refused = emu.staged.accept(id, file, fields['Content-Type'] ?? null);
      if (refused) {
        storageError(res, 400, 'EntityTooLarge', refused);
        return;
      }
      const status = Number(fields['success_action_status'] ?? 204);
      res.status(status === 201 || status === 200 ? status : 204).end();
    });
    req.pipe(parser);
  });

  router.get(`${STAGED_PATH}/:id/:filename`, (req: Request, res: Response) => {
    const upload = emu.staged.get(String(req.params['id']));
    if (!upload?.bytes) {
      storageError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      return;
    }
    res.type(upload.contentType ?? upload.mimeType).send(upload.bytes);
  });

  return router;
}
