/**
 * Fragments shared by several product documents. Not documents themselves: the operation that
 * spreads one declares the variables it reads.
 */

/**
 * A product as a bulk run expands it: its title, its options' names (a run of one result per
 * colour reads a product's variants only when it has the option) and the first images to send.
 * Spread by
 * COLLECTION_PRODUCTS_PAGE and PRODUCTS_BY_IDS.
 */
export const BULK_PRODUCT_FIELDS = /* GraphQL */ `
  #graphql
  fragment BulkProductFields on Product {
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
    media(first: $imagesPerProduct, query: "media_type:IMAGE") {
      nodes {
        id
        ... on MediaImage {
          image {
            url(transform: $source)
          }
        }
      }
    }
  }
`;
