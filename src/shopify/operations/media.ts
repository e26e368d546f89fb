/**
 * Product media order. Linking a result appends it (Shopify's default for a new reference);
 * "make featured" and undo move media with `productReorderMedia`, which Shopify finishes as a
 * job shortly after answering.
 */

export const PRODUCT_REORDER_MEDIA = /* GraphQL */ `
  #graphql
  mutation ProductReorderMedia($id: ID!, $moves: [MoveInput!]!) {
    productReorderMedia(id: $id, moves: $moves) {
      job {
        id
        done
      }
      mediaUserErrors {
        code
        field
        message
      }
    }
  }
`;
