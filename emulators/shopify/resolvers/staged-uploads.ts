/** `stagedUploadsCreate`: upload targets on the emulator (see uploads/staged-uploads.ts). */
import { unsupported } from '../graphql/unsupported.ts';
import { userError, type UserErrorShape } from './input-guard.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

interface StagedUploadInput {
  filename: string;
  mimeType: string;
  resource: string;
  httpMethod?: 'PUT' | 'POST' | null;
  fileSize?: string | number | null;
}

/** Resources whose uploads the emulator can turn into files or media. */
const RESOURCES = ['IMAGE', 'PRODUCT_IMAGE', 'FILE', 'VIDEO'];
/** Shopify requires the size up front for these. */
const SIZE_REQUIRED = ['VIDEO', 'MODEL_3D'];

function stagedUploadsCreate(
  _: unknown,
  args: { input: StagedUploadInput[] },
  ctx: ResolverContext,
) {
  const errors: UserErrorShape[] = [];
  args.input.forEach((input, index) => {
    if (!RESOURCES.includes(input.resource)) {
      throw unsupported(`StagedUploadInput.resource ${input.resource}`);
    }
    if (
      SIZE_REQUIRED.includes(input.resource) &&
      (input.fileSize === null || input.fileSize === undefined)
    ) {
      errors.push(
        userError(
          ['input', index, 'fileSize'],
          `File size is required for ${input.resource} resources.`,
        ),
      );
    }
    if (input.filename.trim() === '')
      errors.push(userError(['input', index, 'filename'], "Filename can't be blank"));
  });
  if (errors.length > 0) return { stagedTargets: null, userErrors: errors };
  const stagedTargets = args.input.map((input) => ({
    __typename: 'StagedMediaUploadTarget',
    ...ctx.emu.staged.create(ctx.emu.baseUrl(), {
      shop: ctx.shop.domain,
      filename: input.filename,
      mimeType: input.mimeType,
      resource: input.resource,
      method: input.httpMethod ?? 'PUT',
      fileSize:
        input.fileSize === null || input.fileSize === undefined ? null : Number(input.fileSize),
    }),
  }));
  return { stagedTargets, userErrors: [] };
}

export const stagedUploadResolvers: ResolverMap = {
  Mutation: { stagedUploadsCreate: field(stagedUploadsCreate, ['input']) },
  StagedUploadsCreatePayload: plain('stagedTargets', 'userErrors'),
  StagedMediaUploadTarget: plain('url', 'resourceUrl', 'parameters'),
  StagedUploadParameter: plain('name', 'value'),
};
