/**
 * App-owned metafields (namespace `$app:<name>`, which Shopify expands to the app's own reserved
 * prefix): what the app tells its theme extension, e.g. an experiment's arms on its product
 * (src/features/experiments/storefront-arms.ts). `metafieldsSet` creates or replaces by owner,
 * namespace and key; `metafieldsDelete` takes them off (a missing one is not an error).
 */
export const METAFIELDS_SET = /* GraphQL */ `
  #graphql
  mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const METAFIELDS_DELETE = /* GraphQL */ `
  #graphql
  mutation MetafieldsDelete($metafields: [MetafieldIdentifierInput!]!) {
    metafieldsDelete(metafields: $metafields) {
      deletedMetafields {
        key
      }
      userErrors {
        field
        message
      }
    }
  }
`;
