/**
 * An Admin document of a test's own (a read the app never sends, or one broken on purpose),
 * through the app's Admin client. The client takes only the app's documents, typed by their text
 * (src/shopify/admin-operations.ts, generated from src/shopify/operations/): a test's document
 * is not among them, so its result is typed here by the test that wrote it.
 */
import type { AdminGraphql } from '../../src/pipeline/index.ts';

type UntypedRequest = (document: string, variables?: Record<string, unknown>) => Promise<unknown>;

export async function requestTestDocument<T>(
  admin: AdminGraphql,
  document: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  return (await (admin.request as UntypedRequest)(document, variables)) as T;
}
