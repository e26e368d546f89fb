/**
 * A published result's alt text in the shop's other languages: for each published locale but
 * the primary (whose language the file's own alt text is written in, attach-stage.ts), the
 * template rendered with the scene in that language (alt-phrases.ts) and the product's title as
 * Shopify has it translated there (else the primary's), registered with `translationsRegister`
 * on the MediaImage's `alt` (a MEDIA_IMAGE translatable resource, against the digest of the alt
 * text the file has). A locale the app has no words for gets none: an English scene under a
 * translated title would be no better than what the storefront shows without one.
 *
 * Run by verify once the file is READY, before the result is linked to the product. Registering
 * again writes the same values, so a repeat after a crash is harmless. Best effort: a failure
 * (Shopify's userErrors, an outage) is logged and counted (`alt_text_translation_failures_total`)
 * and the result is published all the same; its alt text stays the primary's in those
 * languages, as it was before the app wrote any.
 */
import type { PipelineContext } from '../context.ts';
import type { Generation } from '../generations/generation.ts';
import type { AdminGraphql } from '../sources/admin-graphql.ts';
import {
  TRANSLATABLE_CONTENT,
  TRANSLATIONS_REGISTER,
} from '../../shopify/operations/translations.ts';
import { altLanguageOf } from './alt-phrases.ts';
import { renderAltText } from './alt-text.ts';

/**
 * The most locales a result's alt text is written in. Shopify lets a shop publish up to 20
 * languages; each costs a read of the product's translations, so the bound keeps this step to
 * at most 7 Admin calls a result (the file's alt, 5 titles, one registration; the locales are
 * read once an hour a shop). The app has words for 8 languages besides the primary's,
 * and a shop publishing more than 5 is rare; past 5 the first in Shopify's order are written.
 */
export const MAX_ALT_LOCALES = 5;

/** The log line of a failed registration (a storefront showing the primary's alt text). */
export const ALT_TRANSLATION_FAILED = 'alt text translations not registered';

export async function registerAltTranslations(
  ctx: Pick<PipelineContext, 'settings' | 'shopLocales' | 'altTranslationFailed' | 'logger'>,
  admin: AdminGraphql,
  generation: Generation,
): Promise<void> {
  // Only an image's alt is translatable (MEDIA_IMAGE); a Video's is not a resource of its own.
  if (generation.kind === 'video' || !generation.fileId) return;
  try {
    const { others } = await ctx.shopLocales.get(generation.shop, admin);
    const targets = others
      .flatMap((locale) => {
        const language = altLanguageOf(locale);
        return language ? [{ locale, language }] : [];
      })
      .slice(0, MAX_ALT_LOCALES);
    if (targets.length === 0) return;
    const { altTemplate } = await ctx.settings.get(generation.shop);
    const file = await admin.request(TRANSLATABLE_CONTENT, {
      resourceId: generation.fileId,
      locale: targets[0]!.locale,
    });
    const digest = file.translatableResource?.translatableContent.find(
      (content) => content.key === 'alt',
    )?.digest;
    if (!digest) return;
    const translations = [];
    for (const { locale, language } of targets) {
      const value = renderAltText(altTemplate, {
        productTitle: await titleIn(admin, generation, locale),
        kind: generation.kind,
        prompt: generation.params.prompt,
        backdrop: generation.altBackdrop,
        language,
      });
      translations.push({ key: 'alt', locale, value, translatableContentDigest: digest });
    }
    const { translationsRegister } = await admin.request(TRANSLATIONS_REGISTER, {
      resourceId: generation.fileId,
      translations,
    });
    const errors = translationsRegister?.userErrors ?? [];
    if (errors.length > 0) {
      ctx.logger.warn(
        { shop: generation.shop, generationId: generation.id, userErrors: errors },
        ALT_TRANSLATION_FAILED,
      );
      ctx.altTranslationFailed();
    }
  } catch (error) {
    ctx.logger.warn(
      { err: error, shop: generation.shop, generationId: generation.id },
      ALT_TRANSLATION_FAILED,
    );
    ctx.altTranslationFailed();
  }
}

/** The product's title as Shopify has it translated in a locale, else the primary's. */
async function titleIn(
  admin: AdminGraphql,
  generation: Generation,
  locale: string,
): Promise<string> {
  const product = await admin.request(TRANSLATABLE_CONTENT, {
    resourceId: generation.productId,
    locale,
  });
  const title = product.translatableResource?.translations.find(
    (translation) => translation.key === 'title' && !translation.outdated,
  )?.value;
  return title || generation.productTitle;
}
