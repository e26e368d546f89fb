/**
 * Staged upload targets, as `stagedUploadsCreate` hands them out: a signed URL on the emulator
 * to upload one file to (PUT of the raw bytes, or a multipart POST of the parameters followed by
 * the file, like Google Cloud Storage behind Shopify), and a `resourceUrl` that serves the bytes
 * once uploaded and is what `fileCreate`/`productUpdate` take as `originalSource`.
 * A declared `fileSize` must match the uploaded byte count exactly.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

export type UploadMethod = 'PUT' | 'POST';

export interface StagedUpload {
  id: string;
  shop: string;
  filename: string;
  mimeType: string;
  resource: string;
  method: UploadMethod;
  fileSize: number | null;
  bytes: Buffer | null;
  contentType: string | null;
}

export interface StagedTarget {
  url: string;
  resourceUrl: string;
  parameters: { name: string; value: string }[];
}

export const STAGED_PATH = '/staged-uploads';

export class StagedUploads {
  private readonly uploads = new Map<string, StagedUpload>();
  private readonly secret: string;

  constructor(secret: string) {
    this.secret = secret;
  }

  signature(key: string): string {
    return createHmac('sha256', this.secret).update(key).digest('hex');
  }

  verify(key: string, signature: string): boolean {
    const expected = Buffer.from(this.signature(key));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  create(baseUrl: string, input: Omit<StagedUpload, 'id' | 'bytes' | 'contentType'>): StagedTarget {
    const id = randomUUID();
    this.uploads.set(id, { ...input, id, bytes: null, contentType: null });
    const key = `${id}/${encodeURIComponent(input.filename)}`;
    const resourceUrl = `${baseUrl}${STAGED_PATH}/${key}`;
    if (input.method === 'PUT') {
      return {
        url: `${resourceUrl}?X-Goog-Signature=${this.signature(key)}`,
        resourceUrl,
        parameters: [
          { name: 'content_type', value: input.mimeType },
          { name: 'acl', value: 'private' },
        ],
      };
    }
    return {
      url: `${baseUrl}${STAGED_PATH}`,
      resourceUrl,
      parameters: [
        { name: 'Content-Type', value: input.mimeType },
        { name: 'success_action_status', value: '201' },
        { name: 'acl', value: 'private' },
        { name: 'key', value: key },
        { name: 'x-goog-signature', value: this.signature(key) },
      ],
    };
  }

  get(id: string): StagedUpload | undefined {
    return this.uploads.get(id);
  }

  /** Stores the uploaded bytes; a message when they do not match what was staged. */
  accept(id: string, bytes: Buffer, contentType: string | null): string | undefined {
    const upload = this.uploads.get(id);
    if (!upload) return 'No such upload target.';
    if (upload.fileSize !== null && bytes.length !== upload.fileSize) {
      return `The upload is ${bytes.length} bytes but ${upload.fileSize} were declared as fileSize.`;
    }
    upload.bytes = bytes;
    upload.contentType = contentType ?? upload.mimeType;
    return undefined;
  }
}
