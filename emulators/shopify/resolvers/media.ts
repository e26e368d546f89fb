/**
 * Media and files as GraphQL objects: MediaImage, Video and GenericFile (one record type behind
 * all three, see store/types.ts), their Image with URL transforms, errors and previews. The
 * status is read from the clock once per object, so a response is self-consistent.
 */
import { GraphQLError } from 'graphql';
import { assetUrl, type ImageTransform } from '../cdn/urls.ts';
import { fileGid, gid } from '../graphql/gid.ts';
import { mediaStatus, type MediaStatus } from '../media/lifecycle.ts';
import type { FileRecord, StoredAsset } from '../store/types.ts';
import {
  field,
  plain,
  type Presented,
  type ResolverContext,
  type ResolverMap,
} from './resolver-types.ts';

interface PresentedImage extends Presented {
  asset: StoredAsset;
  version: number;
}

function presentImage(file: FileRecord, asset: StoredAsset): PresentedImage {
  return {
    __typename: 'Image',
    asset,
    version: Math.floor(file.updatedAt / 1000),
    id: gid('ImageSource', file.id),
    altText: file.alt,
    width: asset.width ?? null,
    height: asset.height ?? null,
  };
}

function problems(file: FileRecord, status: MediaStatus, typename: string) {
  const result = file.processing.result;
  if (status !== 'FAILED' || !result || result.ok) return [];
  return [{ __typename: typename, ...result.error }];
}

/** ImageTransformInput's documented ranges: sizes 1..5760, scale 1..3. */
function checkedTransform(transform: ImageTransform | null | undefined): ImageTransform | null {
  if (!transform) return null;
  for (const name of ['maxWidth', 'maxHeight'] as const) {
    const value = transform[name];
    if (value != null && (value < 1 || value > 5760)) {
      throw new GraphQLError(`Invalid ${name}: must be between 1 and 5760.`, {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
  }
  if (transform.scale != null && (transform.scale < 1 || transform.scale > 3)) {
    throw new GraphQLError('Invalid scale: must be between 1 and 3.', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  return transform;
}

/** A file record as the GraphQL object of its type. */
export function presentFile(ctx: ResolverContext, file: FileRecord): Presented {
  const status = mediaStatus(file.processing, ctx.emu.clock.now());
  const result = file.processing.result;
  const asset = status === 'READY' && result?.ok ? result.asset : undefined;
  const common = {
    file,
    id: fileGid(file),
    alt: file.alt,
    createdAt: new Date(file.createdAt).toISOString(),
    updatedAt: new Date(file.updatedAt).toISOString(),
    fileStatus: status,
    fileErrors: problems(file, status, 'FileError'),
  };
  const url = asset
    ? assetUrl(ctx.emu.baseUrl(), asset.path, Math.floor(file.updatedAt / 1000))
    : null;
  if (file.kind === 'FILE') {
    return {
      __typename: 'GenericFile',
      ...common,
      mimeType: asset?.mimeType ?? null,
      originalFileSize: asset?.byteSize ?? null,
      url,
      preview: { __typename: 'MediaPreviewImage', status, image: null },
    };
  }
  const media = {
    ...common,
    status,
    mediaErrors: problems(file, status, 'MediaError'),
    mediaWarnings: [],
  };
  if (file.kind === 'VIDEO') {
    const source = asset
      ? {
          __typename: 'VideoSource',
          url,
          format: 'mp4',
          mimeType: asset.mimeType,
          width: asset.width ?? 0,
          height: asset.height ?? 0,
          fileSize: asset.byteSize ?? null,
        }
      : null;
    return {
      __typename: 'Video',
      ...media,
      mediaContentType: 'VIDEO',
      filename: file.filename,
      duration: asset?.durationMs ?? null,
      sources: source ? [source] : [],
      originalSource: source,
      preview: { __typename: 'MediaPreviewImage', status, image: null },
    };
  }
  const image = asset ? presentImage(file, asset) : null;
  return {
    __typename: 'MediaImage',
    ...media,
    mediaContentType: 'IMAGE',
    mimeType: asset?.mimeType ?? null,
    image,
    preview: { __typename: 'MediaPreviewImage', status, image },
    originalSource: { __typename: 'MediaImageOriginalSource', file },
  };
}

/** What `common` in presentFile holds: the File interface, served by all three types. */
const FILE_FIELDS = ['id', 'alt', 'createdAt', 'updatedAt', 'fileStatus', 'fileErrors'];
/** And `media`: the Media interface, served by images and videos. */
const MEDIA_FIELDS = [...FILE_FIELDS, 'status', 'mediaErrors', 'mediaWarnings', 'mediaContentType'];

export const mediaResolvers: ResolverMap = {
  MediaImage: plain(...MEDIA_FIELDS, 'mimeType', 'image', 'preview', 'originalSource'),
  Video: plain(...MEDIA_FIELDS, 'filename', 'duration', 'sources', 'originalSource', 'preview'),
  GenericFile: plain(...FILE_FIELDS, 'mimeType', 'originalFileSize', 'url', 'preview'),
  Image: {
    ...plain('id', 'altText', 'width', 'height'),
    url: field(
      (image: PresentedImage, args: { transform?: ImageTransform | null }, ctx) =>
        assetUrl(
          ctx.emu.baseUrl(),
          image.asset.path,
          image.version,
          checkedTransform(args.transform),
        ),
      ['transform'],
    ),
  },
  MediaImageOriginalSource: {
    url: field((source: { file: FileRecord }, _args, ctx) =>
      new URL(source.file.originalSource, ctx.emu.baseUrl()).toString(),
    ),
    fileSize: field(async (source: { file: FileRecord }, _args, ctx) => {
      const result = source.file.processing.result;
      if (!result?.ok) return null;
      return (
        result.asset.byteSize ?? (await ctx.emu.assets.get(result.asset.path))?.bytes.length ?? null
      );
    }),
  },
  VideoSource: plain('url', 'format', 'mimeType', 'width', 'height', 'fileSize'),
  MediaPreviewImage: plain('status', 'image'),
  MediaError: plain('code', 'message', 'details'),
  MediaWarning: plain('code', 'message'),
  FileError: plain('code', 'message', 'details'),
};
