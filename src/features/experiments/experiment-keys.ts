/**
 * The experiments' records' keys, under the shop's prefix (`experiment-records` concern, so
 * shop/redact erases them), shared by the record store (experiment-store.ts) and the campaigns'
 * claims on products (campaign-claims.ts), whose scripts read each other's keys:
 *
 *   experiment-records:<id>               the experiment (a hash, one JSON-encoded field per field)
 *   experiment-records:<id>:steps         the end's recorded steps (featured decision, Flow sent)
 *   experiment-records:index              the shop's experiment ids (newest last, lexical)
 *   experiment-records:products           product -> its experiment, while not finished
 *   experiment-records:campaign-claims    product -> the campaign that went live on it
 */
import { shopKeyspace } from '../../platform/keys.ts';

const keys = shopKeyspace('experiment-records');
export const recordKey = (shop: string, id: string) => keys.key(shop, id);
export const stepsKey = (shop: string, id: string) => keys.key(shop, id, 'steps');
export const indexKey = (shop: string) => keys.key(shop, 'index');
export const productsKey = (shop: string) => keys.key(shop, 'products');
export const claimsKey = (shop: string) => keys.key(shop, 'campaign-claims');
