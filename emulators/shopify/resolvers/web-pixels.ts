/**
 * The app's web pixel: `webPixelCreate` (one per app and shop: a second is TAKEN),
 * `webPixelUpdate` (by id: another is NOT_FOUND) and `webPixel` (the app's own when no id is
 * given, as the Admin API documents it). Settings arrive as JSON text or as an object and are
 * kept as JSON text in the shop's one pixel record, `shop.webPixel`, the record the storefront's
 * pixel sandbox reads (storefront/routes.ts, whose control route writes the same one). Settings
 * must be a JSON object of non-empty strings, what the pixel's `single_line_text_field` settings
 * with `min 1` accept (INVALID_SETTINGS), the extension's own field list is not checked here.
 * The mutations need `write_pixels`, the query `read_pixels` (granted by `write_pixels`), else
 * Shopify's top-level ACCESS_DENIED.
 */
import { GraphQLError } from 'graphql';
import { gid, idOfType } from '../graphql/gid.ts';
import type { ShopRecord, WebPixelRecord } from '../store/types.ts';
import { userError, type UserErrorShape } from './input-guard.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

const ACCESS_SCOPES_DOCS = 'https://shopify.dev/api/usage/access-scopes';

function requireScope(shop: ShopRecord, fieldName: string, scope: 'read' | 'write') {
  const granted =
    shop.scopes.includes('write_pixels') ||
    (scope === 'read' && shop.scopes.includes('read_pixels'));
  if (granted) return;
  const requiredAccess = `\`${scope}_pixels\` access scope.`;
  throw new GraphQLError(
    `Access denied for ${fieldName} field. Required access: ${requiredAccess}`,
    {
      extensions: { code: 'ACCESS_DENIED', documentation: ACCESS_SCOPES_DOCS, requiredAccess },
    },
  );
}

/** The settings as JSON text, or the userError that refuses them. */
function settingsText(settings: unknown): string | UserErrorShape {
  let parsed = settings;
  if (typeof settings === 'string') {
    try {
      parsed = JSON.parse(settings);
    } catch {
      return userError(
        ['settings'],
        'The provided settings is not a valid JSON.',
        'INVALID_CONFIGURATION_JSON',
      );
    }
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((value) => typeof value === 'string' && value.length > 0);
  if (!valid)
    return userError(
      ['settings'],
      'The provided settings does not match the expected settings definition on the app.',
      'INVALID_SETTINGS',
    );
  return JSON.stringify(parsed);
}

const present = (pixel: WebPixelRecord) => ({
  id: gid('WebPixel', pixel.id),
  settings: pixel.settings,
});

type WebPixelArgs = {
  webPixel: { settings: unknown };
};

function webPixelCreate(_: unknown, args: WebPixelArgs, { shop, emu }: ResolverContext) {
  requireScope(shop, 'webPixelCreate', 'write');
  if (shop.webPixel)
    return { webPixel: null, userErrors: [userError(null, 'Web pixel is taken.', 'TAKEN')] };
  const settings = settingsText(args.webPixel.settings);
  if (typeof settings !== 'string') return { webPixel: null, userErrors: [settings] };
  shop.webPixel = { id: emu.store.nextId(), settings };
  return { webPixel: present(shop.webPixel), userErrors: [] };
}

function webPixelUpdate(
  _: unknown,
  args: WebPixelArgs & { id: string },
  { shop }: ResolverContext,
) {
  requireScope(shop, 'webPixelUpdate', 'write');
  if (!shop.webPixel || idOfType(args.id, 'WebPixel') !== shop.webPixel.id)
    return {
      webPixel: null,
      userErrors: [userError(['id'], 'Web pixel does not exist.', 'NOT_FOUND')],
    };
  const settings = settingsText(args.webPixel.settings);
  if (typeof settings !== 'string') return { webPixel: null, userErrors: [settings] };
  shop.webPixel.settings = settings;
  return { webPixel: present(shop.webPixel), userErrors: [] };
}

function webPixel(_: unknown, args: { id?: string | null }, { shop }: ResolverContext) {
  requireScope(shop, 'webPixel', 'read');
  const pixel = shop.webPixel;
  if (pixel && (!args.id || idOfType(args.id, 'WebPixel') === pixel.id)) return present(pixel);
  throw new GraphQLError('No web pixel was found for this app.', {
    extensions: { code: 'RESOURCE_NOT_FOUND' },
  });
}

export const webPixelResolvers: ResolverMap = {
  QueryRoot: { webPixel: field(webPixel, ['id']) },
  Mutation: {
    webPixelCreate: field(webPixelCreate, ['webPixel']),
    webPixelUpdate: field(webPixelUpdate, ['id', 'webPixel']),
  },
  WebPixel: plain('id', 'settings'),
  WebPixelCreatePayload: plain('webPixel', 'userErrors'),
  WebPixelUpdatePayload: plain('webPixel', 'userErrors'),
  ErrorsWebPixelUserError: plain('field', 'message', 'code'),
};
