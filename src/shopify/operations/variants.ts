/**
 * Variants and their own images: what a set of results, one per option value ("one per
 * colour"), is made from and attached to (src/pipeline/variants/). On 2026-10 a variant's image
 * is `ProductVariant.media` (`image` is deprecated) and it is changed with
 * `productVariantAppendMedia` / `productVariantDetachMedia`; a variant shows one media at most.
 */

/**
 * The product's options and its variants, each with its selected options and its own image
 * (source and thumbnail transforms, as PRODUCT_IMAGES). 100 variants cost about 400 points of
 * the 1000 a query may cost; the variants of a product with more are read only that far.
 */
export const PRODUCT_VARIANT_IMAGES = /* GraphQL */ `
  #graphql
  query ProductVariantImages(
    $id: ID!
    $source: ImageTransformInput!
    $thumbnail: ImageTransformInput!
  ) {
    product(id: $id) {
      id
      title
      featuredMedia {
        preview {
          image {
            url(transform: $thumbnail)
          }
        }
      }
      options(first: 3) {
        name
      }
      variants(first: 100) {
        nodes {
          id
          title
          selectedOptions {
            name
            value
          }
          media(first: 1) {
            nodes {
              id
              ... on MediaImage {
                image {
                  url(transform: $source)
                  thumbnailUrl: url(transform: $thumbnail)
                }
              }
            }
          }
        }
      }
    }
  }
`;

/** The media each variant shows now (publishing and undoing a result read it first). */
export const VARIANTS_MEDIA = /* GraphQL */ `
  #graphql
  query VariantsMedia($ids: [ID!]!) {
    nodes(ids: $ids) {
      ... on ProductVariant {
        id
        media(first: 1) {
          nodes {
            id
          }
        }
      }
    }
  }
`;

export const PRODUCT_VARIANT_APPEND_MEDIA = /* GraphQL */ `
  #graphql
  mutation ProductVariantAppendMedia(
    $productId: ID!
    $variantMedia: [ProductVariantAppendMediaInput!]!
  ) {
    productVariantAppendMedia(productId: $productId, variantMedia: $variantMedia) {
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const PRODUCT_VARIANT_DETACH_MEDIA = /* GraphQL */ `
  #graphql
  mutation ProductVariantDetachMedia(
    $productId: ID!
    $variantMedia: [ProductVariantDetachMediaInput!]!
  ) {
    productVariantDetachMedia(productId: $productId, variantMedia: $variantMedia) {
      userErrors {
        field
        message
        code
      }
    }
  }
`;
