/** The shop's identity and this app's granted scopes (the app's health check against Shopify). */
export const ShopQuery = /* GraphQL */ `
  query Shop {
    shop {
      id
      name
      myshopifyDomain
      url
    }
    currentAppInstallation {
      id
      accessScopes {
        handle
      }
    }
  }
`;
