/**
 * Collection reads: the summary a bulk run shows before it starts, and the product pages it
 * expands lazily, one page at a time (never the whole collection in memory).
 */
import { BULK_PRODUCT_FIELDS } from './products-fragments.ts';

export const COLLECTION_SUMMARY = /* GraphQL */ `
  #graphql
  query CollectionSummary($id: ID!) {
    collection(id: $id) {
      id
      title
      productsCount {
        count
      }
    }
  }
`;

export const COLLECTION_PRODUCTS_PAGE = /* GraphQL */ `
  #graphql
  query CollectionProductsPage(
    $id: ID!
    $first: Int!
    $after: String
    $imagesPerProduct: Int!
    $source: ImageTransformInput!
    $thumbnail: ImageTransformInput!
  ) {
    collection(id: $id) {
      id
      products(first: $first, after: $after) {
        nodes {
          ...BulkProductFields
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
  ${BULK_PRODUCT_FIELDS}
`;
