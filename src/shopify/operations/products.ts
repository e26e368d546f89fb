import { BULK_PRODUCT_FIELDS } from './products-fragments.ts';

/**
 * Product reads: the picker's search pages, one product's images (what the merchant chooses
 * sources from), and the featured media the publish stages read before and after reordering.
 *
 * Image URLs are asked for through `url(transform:)` so that what the app shows and what it
 * sends to ProductAI is a bounded size and a format the API accepts (see
 * src/pipeline/sources/image-transforms.ts for the two transforms and why).
 */

export const PRODUCTS_PAGE = /* GraphQL */ `
  #graphql
  query ProductsPage(
    $first: Int!
    $after: String
    $query: String
    $thumbnail: ImageTransformInput!
  ) {
    products(first: $first, after: $after, query: $query) {
      nodes {
        id
        title
        featuredMedia {
          id
          preview {
            image {
              url(transform: $thumbnail)
            }
          }
        }
        mediaCount {
          count
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

/**
 * One product with a page of its images in position order (`first` of them, Shopify allows 250).
 * Callers ask for the page they need: the query's cost is 2 points per image asked for.
 */
export const PRODUCT_IMAGES = /* GraphQL */ `
  #graphql
  query ProductImages(
    $id: ID!
    $first: Int!
    $after: String
    $source: ImageTransformInput!
    $thumbnail: ImageTransformInput!
  ) {
    product(id: $id) {
      id
      title
      featuredMedia {
        id
        preview {
          image {
            url(transform: $thumbnail)
          }
        }
      }
      media(first: $first, after: $after, query: "media_type:IMAGE") {
        nodes {
          id
          alt
          ... on MediaImage {
            image {
              url(transform: $source)
              thumbnailUrl: url(transform: $thumbnail)
              width
              height
            }
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`;

/** The product's title and current featured media: alt text, featured placement and undo. */
export const PRODUCT_FEATURED_MEDIA = /* GraphQL */ `
  #graphql
  query ProductFeaturedMedia($id: ID!) {
    product(id: $id) {
      id
      title
      featuredMedia {
        id
      }
    }
  }
`;

/** One page of a bulk run over chosen products (ids, at most 250 per page). */
export const PRODUCTS_BY_IDS = /* GraphQL */ `
  #graphql
  query ProductsByIds(
    $ids: [ID!]!
    $imagesPerProduct: Int!
    $source: ImageTransformInput!
    $thumbnail: ImageTransformInput!
  ) {
    nodes(ids: $ids) {
      ...BulkProductFields
    }
  }
  ${BULK_PRODUCT_FIELDS}
`;

/** The product's handle: a result's file is named after it (publish/file-names.ts). */
export const PRODUCT_HANDLE = /* GraphQL */ `
  #graphql
  query ProductHandle($id: ID!) {
    product(id: $id) {
      handle
    }
  }
`;

/**
 * The shapes of the shop's product images (channel checks: the storefront's aspect ratio): the
 * featured image of its most recently updated products.
 */
export const PRODUCT_IMAGE_SHAPES = /* GraphQL */ `
  #graphql
  query ProductImageShapes($first: Int!) {
    products(first: $first, sortKey: UPDATED_AT, reverse: true) {
      nodes {
        id
        featuredMedia {
          ... on MediaImage {
            image {
              width
              height
            }
          }
        }
      }
    }
  }
`;
