/**
 * The shop's languages and the translations of its resources: a result's alt text is
 * registered in each published language (pipeline/publish/alt-translations.ts).
 */

/** The locales buyers can see, the primary one among them. */
export const SHOP_LOCALES = /* GraphQL */ `
  query ShopLocales {
    shopLocales(published: true) {
      locale
      primary
    }
  }
`;

/**
 * A resource's translatable content (a MediaImage's `alt`, a product's `title`): the digest a
 * translation is registered against, and the resource's translations in one locale.
 */
export const TRANSLATABLE_CONTENT = /* GraphQL */ `
  query TranslatableContent($resourceId: ID!, $locale: String!) {
    translatableResource(resourceId: $resourceId) {
      resourceId
      translatableContent {
        key
        digest
        value
      }
      translations(locale: $locale) {
        key
        value
        outdated
      }
    }
  }
`;

/** Registers translations of a resource's keys; registering a value again changes nothing. */
export const TRANSLATIONS_REGISTER = /* GraphQL */ `
  mutation TranslationsRegister($resourceId: ID!, $translations: [TranslationInput!]!) {
    translationsRegister(resourceId: $resourceId, translations: $translations) {
      translations {
        key
        locale
        value
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;
