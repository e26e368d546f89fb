/**
 * The fault bench's shops besides the demo store (whose bulk run the faults hit): each installed
 * on the Shopify emulator with its seeded catalogue, its own ProductAI account, its key saved and
 * its webhook connected as a merchant does, the fidelity guard off as for the demo store (the
 * check itself is off in the bench's worker: FIDELITY_THREADS=0).
 */
import type { Stack } from '../../dev/stack.ts';
import type { CreateGenerationRequest, SettingsView } from '../../src/app-api/contract.ts';
import { connectMerchant, productsWithImages } from '../../test/browser/support/merchant.ts';
import { productAiControlAt } from '../../test/support/productai-accounts.ts';
import { appApi } from '../fidelity/demo-run/app-api.ts';

export interface BenchShop {
  /** The stack as this shop's merchant sees it (its shop, its ProductAI key). */
  stack: Stack;
  settings: SettingsView;
  /** A click's request for each of its products with an image: one photo from its first image. */
  clicks: CreateGenerationRequest[];
  /** Its products with an image (gids). */
  productIds: string[];
}

export async function benchShop(
  stack: Stack,
  shop: string,
  productAiKey: string,
  options: { clicksOf?: number; results?: number } = {},
): Promise<BenchShop> {
  if (shop !== stack.shop) {
    stack.shopify.installShop(shop);
    await productAiControlAt(stack.productAi.url)('POST', '/accounts', {
      key: productAiKey,
      credits: 1_000_000,
    });
  }
  const own: Stack = { ...stack, shop, productAiKey };
  await connectMerchant(own);
  const api = appApi(own);
  const settings = await api.updateSettings({ fidelityGuard: 'off', fidelityRetries: 0 });
  const products = (await productsWithImages(own)).slice(0, options.clicksOf ?? 20);
  const clicks: CreateGenerationRequest[] = [];
  for (const product of products) {
    const detail = await api.product(product.numericId);
    clicks.push({
      kind: 'photo',
      productId: product.id,
      sourceMediaIds: detail.images.slice(0, 1).map((image) => image.id),
      model: settings.defaults.model,
      prompt: settings.presets[0]!.prompt,
      options: options.results ?? 1,
    });
  }
  return { stack: own, settings, clicks, productIds: products.map((product) => product.id) };
}
