/**
 * Uploads a local file to a Shopify staged upload target and returns the `resourceUrl` that a
 * `fileCreate` takes as `originalSource`. POST targets are multipart forms: Shopify's parameters
 * first, the file last. The byte size is declared exactly (Shopify rejects video uploads
 * whose size differs from the one the target was made for).
 */
import { openAsBlob } from 'node:fs';
import { STAGED_UPLOADS_CREATE } from '../../shopify/operations/staged-uploads.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import type { FetchFn } from './result-download.ts';
import { ShopifyFilesError } from './shopify-files.ts';

const UPLOAD_TIMEOUT_MS = 10 * 60_000;

export interface LocalUpload {
  path: string;
  bytes: number;
  filename: string;
  mimeType: string;
  resource: 'IMAGE' | 'VIDEO';
}

export async function uploadStaged(
  admin: AdminGraphql,
  fetchFn: FetchFn,
  file: LocalUpload,
): Promise<string> {
  const data = await admin.request(STAGED_UPLOADS_CREATE, {
    input: [
      {
        filename: file.filename,
        mimeType: file.mimeType,
        resource: file.resource,
        fileSize: String(file.bytes),
        httpMethod: 'POST',
      },
    ],
  });
  const payload = data.stagedUploadsCreate;
  const target = payload?.stagedTargets?.[0];
  if (!payload || payload.userErrors.length > 0 || !target?.url || !target.resourceUrl) {
    const message = payload?.userErrors.map((error) => error.message).join('; ');
    throw new ShopifyFilesError(
      `Shopify did not give an upload target: ${message || 'no target returned'}`,
      'staged_upload',
    );
  }
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  form.append('file', await openAsBlob(file.path, { type: file.mimeType }), file.filename);
  let response: Response;
  try {
    response = await fetchFn(target.url, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ShopifyFilesError('The upload to Shopify was interrupted', 'staged_upload', {
      cause: error,
    });
  }
  await response.body?.cancel();
  if (!response.ok) {
    throw new ShopifyFilesError(
      `The upload to Shopify answered ${response.status}`,
      'staged_upload',
      { httpStatus: response.status },
    );
  }
  return target.resourceUrl;
}
