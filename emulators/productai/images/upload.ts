/**
 * Reading an uploaded image from a multipart body (upload-asset's and training-asset's `file`).
 * Throws ImageInputError or BodyError; each interface turns them into its own error shape.
 */
import type { IncomingMessage } from 'node:http';
import { MAX_IMAGE_BYTES } from '../../../src/productai/catalogue.ts';
import { readMultipart, type MultipartBody } from '../http/multipart.ts';
import { ImageInputError, inspectImage, type InputImage } from './inspect.ts';

export interface Upload {
  /** The checked image of the `file` part, or null when there is none. */
  image: InputImage | null;
  filename: string;
  fields: MultipartBody['fields'];
}

export async function readUpload(req: IncomingMessage): Promise<Upload> {
  const body = await readMultipart(req, MAX_IMAGE_BYTES);
  const file = body.files.find((part) => part.field === 'file');
  if (!file) return { image: null, filename: '', fields: body.fields };
  const label = file.filename || 'the uploaded file';
  if (file.oversize) {
    throw new ImageInputError(
      'Image is too large',
      `${label} is larger than the 10MB limit (${MAX_IMAGE_BYTES} bytes)`,
    );
  }
  return {
    image: await inspectImage(file.bytes, label),
    filename: file.filename,
    fields: body.fields,
  };
}
