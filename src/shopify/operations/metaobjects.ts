/**
 * A result's provenance kept with its media in Shopify: one metaobject entry per result, of the
 * app's own type, whose `media` field references the file (and `product` the product), with the
 * model, prompt, ProductAI job id, date and IPTC digital source type. The merchant reads them in
 * Content > Metaobjects. The type is declared in shopify.app.toml (`[metaobjects.app.
 * ai_provenance]`, admin read access, not write): Shopify keeps it on every shop with the app.
 *
 * Why a metaobject and not a metafield on the media: in the pinned Admin API (2026-10)
 * `MediaImage.metafield(s)` and the owner type `MEDIA_IMAGE` are deprecated ("No longer
 * supported. Use metaobjects instead."), and Video has no metafields; a file reference holds an
 * image and a video alike.
 */

/** Creates or updates the entry with this handle: a repeat writes the same entry again. */
export const METAOBJECT_UPSERT = /* GraphQL */ `
  #graphql
  mutation MetaobjectUpsert($handle: MetaobjectHandleInput!, $metaobject: MetaobjectUpsertInput!) {
    metaobjectUpsert(handle: $handle, metaobject: $metaobject) {
      metaobject {
        id
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

/** One entry, as the merchant (and the tests) read it back. */
export const METAOBJECT_BY_HANDLE = /* GraphQL */ `
  #graphql
  query MetaobjectByHandle($handle: MetaobjectHandleInput!) {
    metaobjectByHandle(handle: $handle) {
      id
      handle
      fields {
        key
        value
      }
    }
  }
`;
