/**
 * The `shopify` global that the admin gives every UI extension. Three of ours are action
 * targets, whose API is the same shape (`close`, `data.selected`, `i18n`, ...), so one declaration
 * serves the shared code and their entry points alike. The product page block
 * (`BlockExtensionApi`) has the same `data.selected`, `i18n` and `extension`, which are all its
 * code uses; `close` is the actions' alone. (The Shopify CLI would generate a per-file
 * `shopify.d.ts` with each target's type during `app dev`.)
 */
import type { ActionExtensionApi } from '@shopify/ui-extensions/admin';
// Each target's module declares the Polaris web components (`s-admin-action`, `s-button`, ...)
// available to it, as JSX elements for Preact.
import type {} from '@shopify/ui-extensions/admin.product-details.action.render';
import type {} from '@shopify/ui-extensions/admin.collection-details.action.render';
import type {} from '@shopify/ui-extensions/admin.product-index.selection-action.render';
import type {} from '@shopify/ui-extensions/admin.product-details.block.render';

export type ActionTarget =
  | 'admin.product-details.action.render'
  | 'admin.collection-details.action.render'
  | 'admin.product-index.selection-action.render';

declare global {
  const shopify: ActionExtensionApi<ActionTarget>;
}
