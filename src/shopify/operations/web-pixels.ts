/**
 * The app's web pixel (extensions/experiments-pixel): Shopify runs an app's pixel on a shop's
 * storefront only once the app creates it there, with settings that match the extension's
 * definition (src/features/experiments/experiments-pixel.ts). One per app and shop: a second
 * `webPixelCreate` is refused (TAKEN); `webPixel` without an id reads the app's own, and
 * `webPixelUpdate` changes its settings by id. Settings travel as JSON text.
 */
export const WEB_PIXEL_CREATE = /* GraphQL */ `
  #graphql
  mutation WebPixelCreate($webPixel: WebPixelInput!) {
    webPixelCreate(webPixel: $webPixel) {
      webPixel {
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

export const WEB_PIXEL_UPDATE = /* GraphQL */ `
  #graphql
  mutation WebPixelUpdate($id: ID!, $webPixel: WebPixelInput!) {
    webPixelUpdate(id: $id, webPixel: $webPixel) {
      webPixel {
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

export const APP_WEB_PIXEL = /* GraphQL */ `
  #graphql
  query AppWebPixel {
    webPixel {
      id
    }
  }
`;
