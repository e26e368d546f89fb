/**
 * The shop's languages and translations: `shopLocales(published)`, `translatableResource` of a
 * product (`title`, `handle`, `body_html`) or a MediaImage (`alt`, the MEDIA_IMAGE resource type),
 * with each key's digest (SHA-256 of its value, hex) and the translations registered in a locale,
 * and `translationsRegister`. As on Shopify, a translation names the digest of the content it
 * translates (a stale one is INVALID_TRANSLATABLE_CONTENT), its locale must be one of the shop's
 * own other than the primary (INVALID_LOCALE_FOR_SHOP), its key one of the resource's
 * (INVALID_KEY_FOR_MODEL); registering the same value again changes nothing, and a translation
 * whose content has changed since reads `outdated`. All of a call's translations are registered
 * or none. Scopes: `read_locales` for the locales, `read_translations` / `write_translations`
 * (which grants read) for the rest, else Shopify's top-level ACCESS_DENIED. Market-specific
 * translations (`marketId`) are refused as unsupported.
 */
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { FILE_GID_TYPE, requireGid } from '../graphql/gid.ts';
import { unsupported } from '../graphql/unsupported.ts';
import type { ShopRecord, TranslationRecord } from '../store/types.ts';
import { userError, type UserErrorShape } from './input-guard.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

const ACCESS_SCOPES_DOCS = 'https://shopify.dev/api/usage/access-scopes';

function requireScope(shop: ShopRecord, fieldName: string, scope: string): void {
  const [access, resource] = scope.split(/_(.*)/) as [string, string];
  const granted =
    shop.scopes.includes(scope) || (access === 'read' && shop.scopes.includes(`write_${resource}`));
  if (granted) return;
  const requiredAccess = `\`${scope}\` access scope.`;
  throw new GraphQLError(
    `Access denied for ${fieldName} field. Required access: ${requiredAccess}`,
    { extensions: { code: 'ACCESS_DENIED', documentation: ACCESS_SCOPES_DOCS, requiredAccess } },
  );
}

export function digestOf(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

interface Content {
  key: string;
  value: string;
  type: 'SINGLE_LINE_TEXT_FIELD' | 'HTML' | 'URI';
}

/** A resource's translatable content, or undefined when the gid names none. */
function contentOf(shop: ShopRecord, resourceId: string): Content[] | undefined {
  const { type, id } = requireGid(resourceId);
  if (type === 'Product') {
    const product = shop.products.get(id);
    if (!product) return undefined;
    return [
      { key: 'title', value: product.title, type: 'SINGLE_LINE_TEXT_FIELD' },
      { key: 'body_html', value: product.descriptionHtml, type: 'HTML' },
      { key: 'handle', value: product.handle, type: 'URI' },
    ];
  }
  if (type === FILE_GID_TYPE.IMAGE) {
    const file = shop.files.get(id);
    if (!file || file.kind !== 'IMAGE') return undefined;
    return [{ key: 'alt', value: file.alt, type: 'SINGLE_LINE_TEXT_FIELD' }];
  }
  return undefined;
}

function shopLocales(_: unknown, args: { published?: boolean | null }, ctx: ResolverContext) {
  requireScope(ctx.shop, 'shopLocales', 'read_locales');
  return ctx.shop.locales
    .filter((locale) => args.published == null || locale.published === args.published)
    .map((locale) => ({ __typename: 'ShopLocale', ...locale, name: locale.locale }));
}

/** A resource as presented: its content, with what its `translations` field reads. */
interface PresentedResource {
  __typename: 'TranslatableResource';
  resourceId: string;
  translatableContent: unknown[];
  digests: Map<string, string>;
  registered: TranslationRecord[];
}

function translatableResource(
  _: unknown,
  args: { resourceId: string },
  ctx: ResolverContext,
): PresentedResource | null {
  requireScope(ctx.shop, 'translatableResource', 'read_translations');
  const content = contentOf(ctx.shop, args.resourceId);
  if (!content) return null;
  const primary = ctx.shop.locales.find((locale) => locale.primary)!.locale;
  const digests = new Map(content.map((item) => [item.key, digestOf(item.value)]));
  return {
    __typename: 'TranslatableResource',
    resourceId: args.resourceId,
    translatableContent: content.map((item) => ({
      __typename: 'TranslatableContent',
      ...item,
      locale: primary,
      digest: digests.get(item.key),
    })),
    digests,
    registered: translationsOf(ctx.shop, args.resourceId),
  };
}

function translations(
  resource: PresentedResource,
  args: { locale: string; outdated?: boolean | null },
) {
  return resource.registered
    .filter((translation) => translation.locale === args.locale)
    .map((translation) => ({
      __typename: 'Translation',
      key: translation.key,
      locale: translation.locale,
      value: translation.value,
      outdated: resource.digests.get(translation.key) !== translation.digest,
      updatedAt: new Date(translation.updatedAt).toISOString(),
    }))
    .filter((translation) => args.outdated == null || translation.outdated === args.outdated);
}

interface TranslationInput {
  key: string;
  locale: string;
  value: string;
  translatableContentDigest: string;
  marketId?: string | null;
}

function translationsRegister(
  _: unknown,
  args: { resourceId: string; translations: TranslationInput[] },
  ctx: ResolverContext,
) {
  requireScope(ctx.shop, 'translationsRegister', 'write_translations');
  const content = contentOf(ctx.shop, args.resourceId);
  if (!content) {
    return {
      translations: null,
      userErrors: [userError(['resourceId'], 'Resource does not exist', 'RESOURCE_NOT_FOUND')],
    };
  }
  const others = new Set(
    ctx.shop.locales.filter((locale) => !locale.primary).map((locale) => locale.locale),
  );
  const errors: UserErrorShape[] = [];
  args.translations.forEach((input, index) => {
    if (input.marketId) throw unsupported('TranslationInput.marketId');
    const at = (name: string) => ['translations', index, name];
    const item = content.find((candidate) => candidate.key === input.key);
    if (!others.has(input.locale)) {
      errors.push(
        userError(at('locale'), 'Locale is not enabled for this shop', 'INVALID_LOCALE_FOR_SHOP'),
      );
    } else if (!item) {
      errors.push(
        userError(
          at('key'),
          `Key ${input.key} is not a valid translatable field`,
          'INVALID_KEY_FOR_MODEL',
        ),
      );
    } else if (digestOf(item.value) !== input.translatableContentDigest) {
      errors.push(
        userError(
          at('translatableContentDigest'),
          'Translatable content hash is invalid',
          'INVALID_TRANSLATABLE_CONTENT',
        ),
      );
    } else if (input.value.trim() === '') {
      errors.push(userError(at('value'), "Value can't be blank", 'BLANK'));
    }
  });
  if (errors.length > 0) return { translations: null, userErrors: errors };
  const registered = ctx.shop.translations.get(args.resourceId) ?? new Map();
  ctx.shop.translations.set(args.resourceId, registered);
  const now = ctx.emu.clock.now();
  const written = args.translations.map((input) => {
    const record: TranslationRecord = {
      key: input.key,
      locale: input.locale,
      value: input.value,
      digest: input.translatableContentDigest,
      updatedAt: now,
    };
    registered.set(`${input.locale}/${input.key}`, record);
    return {
      __typename: 'Translation',
      key: record.key,
      locale: record.locale,
      value: record.value,
    };
  });
  return { translations: written, userErrors: [] };
}

export const translationResolvers: ResolverMap = {
  QueryRoot: {
    shopLocales: field(shopLocales, ['published']),
    translatableResource: field(translatableResource, ['resourceId']),
  },
  Mutation: {
    translationsRegister: field(translationsRegister, ['resourceId', 'translations']),
  },
  ShopLocale: plain('locale', 'name', 'primary', 'published'),
  TranslatableResource: {
    resourceId: true,
    translatableContent: true,
    translations: field(translations, ['locale', 'outdated']),
  },
  TranslatableContent: plain('key', 'value', 'digest', 'locale', 'type'),
  Translation: plain('key', 'locale', 'value', 'outdated', 'updatedAt'),
  TranslationsRegisterPayload: plain('translations', 'userErrors'),
  TranslationUserError: plain('field', 'message', 'code'),
};

/** The resource's registered translations (the control surface lists them too). */
export function translationsOf(shop: ShopRecord, resourceId: string): TranslationRecord[] {
  return [...(shop.translations.get(resourceId) ?? new Map<string, TranslationRecord>()).values()];
}
