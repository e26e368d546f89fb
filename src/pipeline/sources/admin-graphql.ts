/**
 * The one thing the pipeline needs from the Admin GraphQL client (src/shopify): run a named
 * document for a shop and get its `data`, typed by the document; userErrors stay in the data
 * for the caller to read.
 */
import type { AdminClient } from '../../shopify/admin-client.ts';

export type AdminGraphql = Pick<AdminClient, 'request'>;
