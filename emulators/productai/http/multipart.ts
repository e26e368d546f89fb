/**
 * multipart/form-data parsing with busboy: file parts are buffered up to a cap (one byte more
 * is read to tell "exactly the cap" from "over it"), text fields are collected in order.
 */
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { BodyError, mediaType } from './body.ts';

export interface FilePart {
  field: string;
  filename: string;
  bytes: Buffer;
  /** True when the file was larger than the cap (bytes hold only the first cap + 1). */
  oversize: boolean;
}

export interface MultipartBody {
  files: FilePart[];
  fields: Array<{ name: string; value: string }>;
}

export function isMultipart(req: IncomingMessage): boolean {
  return mediaType(req) === 'multipart/form-data';
}

export function readMultipart(req: IncomingMessage, maxFileBytes: number): Promise<MultipartBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { fileSize: maxFileBytes + 1, files: 5, fields: 100, fieldSize: 64 * 1024 },
      });
    } catch (error) {
      reject(new BodyError(`malformed multipart body: ${(error as Error).message}`));
      return;
    }
    const body: MultipartBody = { files: [], fields: [] };
    const pending: Promise<void>[] = [];
    parser.on('file', (field, stream, info) => {
      pending.push(
        new Promise((done) => {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const bytes = Buffer.concat(chunks);
            body.files.push({
              field,
              filename: info.filename ?? '',
              bytes,
              oversize:
                bytes.length > maxFileBytes ||
                (stream as { truncated?: boolean }).truncated === true,
            });
            done();
          });
        }),
      );
    });
    parser.on('field', (name, value) => body.fields.push({ name, value }));
    parser.on('error', (error: Error) =>
      reject(new BodyError(`malformed multipart body: ${error.message}`)),
    );
    parser.on('close', () => {
      void Promise.all(pending).then(() => resolve(body));
    });
    req.pipe(parser);
  });
}
