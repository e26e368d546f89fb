/**
 * The shop's Files: `fileCreate` (from an external URL or a staged upload; processed like
 * product media), `fileUpdate` (alt text, and product references: adding a product reference
 * puts the file in that product's media, removing it takes it out and keeps the file) and
 * `fileDelete`. As on Shopify, a file must be READY before it can be updated, and each mutation
 * applies all of its inputs or none.
 */
import { extname } from 'node:path';
import { FILE_GID_TYPE, idOfType, parseGid } from '../graphql/gid.ts';
import { unsupported } from '../graphql/unsupported.ts';
import { mediaStatus } from '../media/lifecycle.ts';
import { MEDIA_PER_PRODUCT } from '../media/limits.ts';
import { filenameOf } from '../media/processor.ts';
import { dropProductMedia } from '../store/emulator-store.ts';
import type { FileKind, FileRecord, ProductRecord } from '../store/types.ts';
import { isHttpUrl, onlyFields, userError, type UserErrorShape } from './input-guard.ts';
import { presentFile } from './media.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

const MAX_ALT_LENGTH = 512;
const CONTENT_TYPES: Record<string, FileKind> = { IMAGE: 'IMAGE', VIDEO: 'VIDEO', FILE: 'FILE' };
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif', '.heic', '.avif'];
const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.m4v', '.webm'];

/** The error for an alt text over Shopify's limit, when it is over. */
function altTooLong(alt: string | null | undefined, index: number): UserErrorShape[] {
  if ((alt ?? '').length <= MAX_ALT_LENGTH) return [];
  return [
    userError(
      ['files', index, 'alt'],
      `Alt value exceeds the maximum of ${MAX_ALT_LENGTH} characters`,
      'ALT_VALUE_LIMIT_EXCEEDED',
    ),
  ];
}

/** Shopify infers the content type from the source when it is not given. */
function inferKind(source: string, filename: string | undefined): FileKind {
  const extension = extname(filename ?? filenameOf(source)).toLowerCase();
  if (IMAGE_EXTENSIONS.includes(extension)) return 'IMAGE';
  if (VIDEO_EXTENSIONS.includes(extension)) return 'VIDEO';
  return 'FILE';
}

interface FileCreateInput {
  alt?: string | null;
  contentType?: string | null;
  duplicateResolutionMode?: string | null;
  filename?: string | null;
  originalSource: string;
}

function fileCreate(_: unknown, args: { files: FileCreateInput[] }, ctx: ResolverContext) {
  const errors: UserErrorShape[] = [];
  const plans = args.files.map((input, index) => {
    onlyFields(
      ctx.emu.schema,
      input,
      ['alt', 'contentType', 'duplicateResolutionMode', 'filename', 'originalSource'],
      'FileCreateInput',
    );
    if (input.duplicateResolutionMode === 'REPLACE') {
      throw unsupported('FileCreateInput.duplicateResolutionMode REPLACE');
    }
    if (input.contentType && !CONTENT_TYPES[input.contentType]) {
      throw unsupported(`FileCreateInput.contentType ${input.contentType}`);
    }
    if (!isHttpUrl(input.originalSource)) {
      errors.push(
        userError(
          ['files', index, 'originalSource'],
          'Image URL is invalid',
          'INVALID_IMAGE_SOURCE_URL',
        ),
      );
    }
    errors.push(...altTooLong(input.alt, index));
    const filename = input.filename ?? undefined;
    if (
      input.duplicateResolutionMode === 'RAISE_ERROR' &&
      [...ctx.shop.files.values()].some(
        (f) => f.filename === (filename ?? filenameOf(input.originalSource)),
      )
    ) {
      errors.push(
        userError(
          ['files', index, 'filename'],
          'Filename already exists.',
          'FILENAME_ALREADY_EXISTS',
        ),
      );
    }
    const kind = input.contentType
      ? CONTENT_TYPES[input.contentType]!
      : inferKind(input.originalSource, filename);
    return {
      kind,
      originalSource: input.originalSource,
      alt: input.alt ?? '',
      ...(filename ? { filename } : {}),
    };
  });
  if (errors.length > 0) return { files: null, userErrors: errors };
  const files = plans.map((plan) => ctx.emu.media.create(ctx.shop, plan));
  return { files: files.map((file) => presentFile(ctx, file)), userErrors: [] };
}

interface FileUpdateInput {
  id: string;
  alt?: string | null;
  referencesToAdd?: string[] | null;
  referencesToRemove?: string[] | null;
}

function fileOf(ctx: ResolverContext, id: string): FileRecord | undefined {
  const parsed = parseGid(id);
  const file = parsed ? ctx.shop.files.get(parsed.id) : undefined;
  return file && FILE_GID_TYPE[file.kind] === parsed?.type ? file : undefined;
}

function fileUpdate(_: unknown, args: { files: FileUpdateInput[] }, ctx: ResolverContext) {
  const errors: UserErrorShape[] = [];
  const now = ctx.emu.clock.now();
  const plans: {
    file: FileRecord;
    input: FileUpdateInput;
    add: ProductRecord[];
    remove: ProductRecord[];
  }[] = [];
  args.files.forEach((input, index) => {
    onlyFields(
      ctx.emu.schema,
      input,
      ['id', 'alt', 'referencesToAdd', 'referencesToRemove'],
      'FileUpdateInput',
    );
    const file = fileOf(ctx, input.id);
    if (!file) {
      errors.push(
        userError(
          ['files', index, 'id'],
          `File id ${input.id} does not exist.`,
          'FILE_DOES_NOT_EXIST',
        ),
      );
      return;
    }
    if (mediaStatus(file.processing, now) !== 'READY') {
      errors.push(
        userError(['files', index, 'id'], 'Non-ready files cannot be updated.', 'NON_READY_STATE'),
      );
      return;
    }
    errors.push(...altTooLong(input.alt, index));
    const products = (ids: string[] | null | undefined, name: string): ProductRecord[] =>
      (ids ?? []).flatMap((id, refIndex) => {
        const product = ctx.shop.products.get(idOfType(id, 'Product') ?? -1);
        if (!product) {
          errors.push(
            userError(
              ['files', index, name, refIndex],
              `The reference target ${id} does not exist.`,
              'REFERENCE_TARGET_DOES_NOT_EXIST',
            ),
          );
          return [];
        }
        return [product];
      });
    const add = products(input.referencesToAdd, 'referencesToAdd');
    const remove = products(input.referencesToRemove, 'referencesToRemove');
    if (file.kind === 'FILE' && add.length > 0) {
      errors.push(
        userError(
          ['files', index, 'referencesToAdd'],
          'Generic files cannot be referenced by products.',
          'UNSUPPORTED_FILE_REFERENCE',
        ),
      );
    }
    for (const product of add) {
      if (!product.mediaIds.includes(file.id) && product.mediaIds.length >= MEDIA_PER_PRODUCT) {
        errors.push(
          userError(
            ['files', index, 'referencesToAdd'],
            `Products can have at most ${MEDIA_PER_PRODUCT} media`,
            'PRODUCT_MEDIA_LIMIT_EXCEEDED',
          ),
        );
      }
    }
    plans.push({ file, input, add, remove });
  });
  if (errors.length > 0) return { files: null, userErrors: errors };
  for (const { file, input, add, remove } of plans) {
    if (typeof input.alt === 'string') file.alt = input.alt;
    for (const product of add) {
      if (!product.mediaIds.includes(file.id)) product.mediaIds.push(file.id);
      product.updatedAt = now;
    }
    for (const product of remove) {
      dropProductMedia(product, file.id);
      product.updatedAt = now;
    }
    file.updatedAt = now;
  }
  return { files: plans.map(({ file }) => presentFile(ctx, file)), userErrors: [] };
}

function fileDelete(_: unknown, args: { fileIds: string[] }, ctx: ResolverContext) {
  const files: FileRecord[] = [];
  const errors: UserErrorShape[] = [];
  for (const id of args.fileIds) {
    const file = fileOf(ctx, id);
    if (file) files.push(file);
    else
      errors.push(userError(['fileIds'], `File id ${id} does not exist.`, 'FILE_DOES_NOT_EXIST'));
  }
  if (errors.length > 0) return { deletedFileIds: null, userErrors: errors };
  for (const file of files) {
    ctx.shop.files.delete(file.id);
    for (const product of ctx.shop.products.values()) dropProductMedia(product, file.id);
    const result = file.processing.result;
    if (result?.ok) ctx.emu.assets.delete(result.asset.path);
  }
  return { deletedFileIds: args.fileIds, userErrors: [] };
}

export const fileResolvers: ResolverMap = {
  Mutation: {
    fileCreate: field(fileCreate, ['files']),
    fileUpdate: field(fileUpdate, ['files']),
    fileDelete: field(fileDelete, ['fileIds']),
  },
  FileCreatePayload: plain('files', 'userErrors'),
  FileUpdatePayload: plain('files', 'userErrors'),
  FileDeletePayload: plain('deletedFileIds', 'userErrors'),
  FilesUserError: plain('field', 'message', 'code'),
};
