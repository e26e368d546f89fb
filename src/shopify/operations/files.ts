/**
 * The shop's Files, where every result lands first (durable, the merchant's own, visible in
 * Content > Files), and the references that make a file part of a product's media.
 *
 * Why `fileUpdate(referencesToAdd)` and not `productUpdate(media:)`: the result already is a file;
 * `productUpdate(media: CreateMediaInput)` would create a second copy from `originalSource`,
 * whereas a product reference makes the same MediaImage/Video appear in the product's media
 * (appended at the end), and `referencesToRemove` takes it off again without deleting the file.
 * (`productCreateMedia` is deprecated in 2026-10.) Shopify only updates a file once it is READY.
 */

export const FILE_CREATE = /* GraphQL */ `
  #graphql
  mutation FileCreate($files: [FileCreateInput!]!) {
    fileCreate(files: $files) {
      files {
        id
        fileStatus
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

/**
 * A file's processing state, its errors, what to show as the result's preview, and when it was
 * created and an image's size (what the verify stage learns Shopify's processing time from).
 */
export const FILE_STATUS = /* GraphQL */ `
  #graphql
  query FileStatus($id: ID!) {
    node(id: $id) {
      id
      ... on File {
        createdAt
        fileStatus
        fileErrors {
          code
          message
          details
        }
        preview {
          image {
            url
          }
        }
      }
      ... on MediaImage {
        image {
          url
          width
          height
        }
      }
      ... on Video {
        sources {
          url
          mimeType
        }
      }
    }
  }
`;

/** A file by its exact name: finds the file a crashed attach may already have created. */
export const FILE_BY_FILENAME = /* GraphQL */ `
  #graphql
  query FileByFilename($query: String!) {
    files(first: 1, query: $query) {
      nodes {
        id
        fileStatus
        alt
        createdAt
      }
    }
  }
`;

/** Adds or removes product references (and sets alt text) on files. */
export const FILE_UPDATE = /* GraphQL */ `
  #graphql
  mutation FileUpdate($files: [FileUpdateInput!]!) {
    fileUpdate(files: $files) {
      files {
        id
        fileStatus
      }
      userErrors {
        code
        field
        message
      }
    }
  }
`;

export const FILE_DELETE = /* GraphQL */ `
  #graphql
  mutation FileDelete($fileIds: [ID!]!) {
    fileDelete(fileIds: $fileIds) {
      deletedFileIds
      userErrors {
        code
        field
        message
      }
    }
  }
`;
