/**
 * Staged uploads: a target the app uploads bytes to (videos always; images the app had to
 * downscale), whose `resourceUrl` then becomes a file's `originalSource`. Shopify requires the
 * exact byte size for videos.
 */

export const STAGED_UPLOADS_CREATE = /* GraphQL */ `
  #graphql
  mutation StagedUploadsCreate($input: [StagedUploadInput!]!) {
    stagedUploadsCreate(input: $input) {
      stagedTargets {
        url
        resourceUrl
        parameters {
          name
          value
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;
