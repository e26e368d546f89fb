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

/**
 * Whether this app is installed on the shop, asked with the stored offline token: Shopify
 * refuses the token of an uninstalled app (401), and answers for a live installation.
 */
export const AppInstallationQuery = /* GraphQL */ `
  query AppInstallation {
    currentAppInstallation {
      id
    }
  }
`;
