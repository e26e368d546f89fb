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

/** The shop's time zone (IANA name): campaigns start and end on the shop's clock. */
export const SHOP_TIME_ZONE = /* GraphQL */ `
  query ShopTimeZone {
    shop {
      ianaTimezone
    }
  }
`;
