/**
 * The one thing the pipeline needs from the Admin GraphQL client (src/shopify): run a named
 * document for a shop and get its `data`; userErrors stay in the data for the caller to read.
 */
export interface AdminGraphql {
  request<T>(document: string, variables?: Record<string, unknown>): Promise<T>;
}
