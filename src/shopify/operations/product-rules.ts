/** What rules for new products match on (src/features/rules/match-rule.ts). */
export const PRODUCT_RULE_FACTS = /* GraphQL */ `
  query ProductRuleFacts($id: ID!) {
    product(id: $id) {
      id
      title
      tags
      productType
      vendor
      mediaCount {
        count
      }
      collections(first: 50) {
        nodes {
          id
        }
      }
    }
  }
`;
