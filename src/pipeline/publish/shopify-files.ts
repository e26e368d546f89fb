/**
 * The shop's Files and product media, as the publish stages use them: create a file, read its
 * processing state, add or remove its product reference, delete it, and read or change which
 * media is featured. One small gateway over the named documents, so the stages read as steps.
 */
import {
  FILE_BY_FILENAME,
  FILE_CREATE,
  FILE_DELETE,
  FILE_STATUS,
  FILE_UPDATE,
} from '../../shopify/operations/files.ts';
import { PRODUCT_REORDER_MEDIA } from '../../shopify/operations/media.ts';
import { PRODUCT_FEATURED_MEDIA } from '../../shopify/operations/products.ts';
import { ShopifyUserErrors } from '../../shopify/admin-errors.ts';
import type { AdminSchema } from '../../shopify/admin-operations.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';

export type ShopifyFilesErrorCode = 'user_error' | 'staged_upload';

export class ShopifyFilesError extends Error {
  readonly code: ShopifyFilesErrorCode;
  /** Shopify's userError codes (FilesErrorCode / MediaUserErrorCode), when it sent any. */
  readonly userErrorCodes: string[];
  /** The staged upload's HTTP status when it answered one; null otherwise (interrupted, ...). */
  readonly httpStatus: number | null;
  constructor(
    message: string,
    code: ShopifyFilesErrorCode,
    options: { cause?: unknown; userErrorCodes?: string[]; httpStatus?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ShopifyFilesError';
    this.code = code;
    this.userErrorCodes = options.userErrorCodes ?? [];
    this.httpStatus = options.httpStatus ?? null;
  }
}

interface UserError {
  code?: string | null;
  field?: string[] | null;
  message: string;
}

export type FileStatus = 'UPLOADED' | 'PROCESSING' | 'READY' | 'FAILED';

export interface FileProblem {
  code: string;
  message: string;
  details: string | null;
}

export interface FileState {
  id: string;
  status: FileStatus;
  /** When Shopify created the file (ISO 8601). */
  createdAt: string;
  /** An image's width x height, once Shopify has processed it; null otherwise. */
  pixels: number | null;
  errors: FileProblem[];
  /** The image itself, or a video's preview image; null until Shopify has processed it. */
  previewUrl: string | null;
}

/** A file as creating or finding it tells. */
export interface NewFileState {
  id: string;
  status: FileStatus;
}

export interface NewFile {
  originalSource: string;
  contentType: 'IMAGE' | 'VIDEO';
  filename: string;
  alt: string;
}

export interface ShopifyFiles {
  /**
   * Creates the file, with the status Shopify answers (its first check, free); null when a file
   * of that name already exists (see findByFilename).
   */
  create(file: NewFile): Promise<NewFileState | null>;
  /** With its alt text and creation time: whose file it is (named-file.ts). */
  findByFilename(filename: string): Promise<FoundFile | null>;
  /** Null when the file does not exist (any more). */
  status(fileId: string): Promise<FileState | null>;
  addToProduct(fileId: string, productId: string): Promise<void>;
  removeFromProduct(fileId: string, productId: string): Promise<void>;
  delete(fileId: string): Promise<void>;
  featuredMediaId(productId: string): Promise<string | null>;
  /** Moves one media to position 0 (Shopify finishes the move as a job, shortly after). */
  makeFeatured(productId: string, mediaId: string): Promise<void>;
}

/** A file found by its name. */
export interface FoundFile extends NewFileState {
  alt: string | null;
  /** ISO 8601. */
  createdAt: string;
}

export function createShopifyFiles(client: AdminGraphql): ShopifyFiles {
  // The Admin client throws ShopifyUserErrors for a payload's `userErrors`; the gateway reports
  // one error type, with Shopify's codes, so that callers can tell "refused" from "try again".
  const admin: AdminGraphql = {
    async request(document, ...args) {
      try {
        return await client.request(document, ...args);
      } catch (error) {
        if (!(error instanceof ShopifyUserErrors)) throw error;
        throwOnUserErrors(`Shopify refused ${error.operationName}`, error.userErrors);
        throw error;
      }
    },
  };
  return {
    async create(file) {
      const data = await admin
        .request(FILE_CREATE, {
          files: [
            {
              originalSource: file.originalSource,
              contentType: file.contentType,
              filename: file.filename,
              alt: file.alt,
              // A deterministic name per generation + RAISE_ERROR makes a repeated attach (after a
              // crash) find the file it created instead of adding a second one.
              duplicateResolutionMode: 'RAISE_ERROR',
            },
          ],
        })
        .catch((error: unknown) => {
          if (
            error instanceof ShopifyFilesError &&
            error.userErrorCodes.includes('FILENAME_ALREADY_EXISTS')
          )
            return null;
          throw error;
        });
      if (!data) return null;
      throwOnUserErrors('Shopify refused to create the file', data.fileCreate?.userErrors ?? []);
      const created = data.fileCreate?.files?.[0];
      if (!created) throw new ShopifyFilesError('Shopify created no file', 'user_error');
      return { id: created.id, status: created.fileStatus };
    },

    async findByFilename(filename) {
      const data = await admin.request(FILE_BY_FILENAME, {
        query: `filename:${JSON.stringify(filename)}`,
      });
      const found = data.files.nodes[0];
      return found
        ? { id: found.id, status: found.fileStatus, alt: found.alt, createdAt: found.createdAt }
        : null;
    },

    async status(fileId) {
      const { node } = await admin.request(FILE_STATUS, { id: fileId });
      if (!node || !('fileStatus' in node)) return null;
      const image = 'image' in node ? node.image : null;
      const { width, height } = image ?? {};
      return {
        id: node.id,
        status: node.fileStatus,
        createdAt: node.createdAt,
        pixels: width && height ? width * height : null,
        errors: node.fileErrors,
        previewUrl: image?.url ?? node.preview?.image?.url ?? null,
      };
    },

    async addToProduct(fileId, productId) {
      await updateFile(admin, { id: fileId, referencesToAdd: [productId] }, 'link the result');
    },

    async removeFromProduct(fileId, productId) {
      await updateFile(admin, { id: fileId, referencesToRemove: [productId] }, 'unlink the result');
    },

    async delete(fileId) {
      try {
        const data = await admin.request(FILE_DELETE, { fileIds: [fileId] });
        throwOnUserErrors('Shopify refused to delete the file', data.fileDelete?.userErrors ?? []);
      } catch (error) {
        // Already gone is what deleting wanted.
        const gone =
          error instanceof ShopifyFilesError &&
          error.userErrorCodes.every((code) => code === 'FILE_DOES_NOT_EXIST');
        if (!gone) throw error;
      }
    },

    async featuredMediaId(productId) {
      const data = await admin.request(PRODUCT_FEATURED_MEDIA, { id: productId });
      return data.product?.featuredMedia?.id ?? null;
    },

    async makeFeatured(productId, mediaId) {
      const data = await admin.request(PRODUCT_REORDER_MEDIA, {
        id: productId,
        moves: [{ id: mediaId, newPosition: '0' }],
      });
      throwOnUserErrors(
        'Shopify refused to reorder the media',
        data.productReorderMedia?.mediaUserErrors ?? [],
      );
    },
  };
}

async function updateFile(
  admin: AdminGraphql,
  input: AdminSchema.FileUpdateInput,
  purpose: string,
): Promise<void> {
  const data = await admin.request(FILE_UPDATE, { files: [input] });
  throwOnUserErrors(`Shopify refused to ${purpose}`, data.fileUpdate?.userErrors ?? []);
}

function throwOnUserErrors(prefix: string, errors: UserError[]): void {
  if (errors.length === 0) return;
  throw new ShopifyFilesError(
    `${prefix}: ${errors.map((error) => error.message).join('; ')}`,
    'user_error',
    { userErrorCodes: errors.map((error) => error.code ?? 'UNKNOWN') },
  );
}
