/**
 * What the storefront's theme extension reads: the running experiment's arms, in an app-owned
 * metafield of its product. The contract with the extension (keep exactly this shape):
 *
 *   namespace `$app:experiments`, key `live`, type `json`, value
 *   {"v":1,"experiment":"<id>","arms":[{"arm":"control","image":"<url>","media":"<MediaImage gid>"},
 *     {"arm":"ai1","image":"…","media":"…"}],"weights":[50,50]}
 *
 * Written when the experiment starts (and again by each daily look, so a start that died before
 * writing it is repaired), deleted when it ends. Both are idempotent: `metafieldsSet` replaces by
 * owner, namespace and key, and deleting one already gone is no error. A refusal (userErrors) is
 * thrown by the Admin client (ShopifyUserErrors), and the caller's job retries.
 */
import type { AdminGraphql } from '../../pipeline/index.ts';
import { METAFIELDS_DELETE, METAFIELDS_SET } from '../../shopify/operations/metafields.ts';
import type { Experiment } from './experiment.ts';

export const ARMS_METAFIELD = { namespace: '$app:experiments', key: 'live' } as const;

/** The metafield's value (its JSON text is what is stored). */
export function storefrontArms(experiment: Pick<Experiment, 'id' | 'arms' | 'weights'>) {
  return {
    v: 1,
    experiment: experiment.id,
    arms: experiment.arms.map(({ arm, image, media }) => ({ arm, image, media })),
    weights: experiment.weights,
  };
}

export async function writeStorefrontArms(
  admin: AdminGraphql,
  experiment: Pick<Experiment, 'id' | 'productId' | 'arms' | 'weights'>,
): Promise<void> {
  await admin.request(METAFIELDS_SET, {
    metafields: [
      {
        ownerId: experiment.productId,
        ...ARMS_METAFIELD,
        type: 'json',
        value: JSON.stringify(storefrontArms(experiment)),
      },
    ],
  });
}

export async function deleteStorefrontArms(admin: AdminGraphql, productId: string): Promise<void> {
  await admin.request(METAFIELDS_DELETE, {
    metafields: [{ ownerId: productId, ...ARMS_METAFIELD }],
  });
}
