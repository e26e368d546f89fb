/**
 * Entry point of the product page action (`admin.product-details.action.render`): make an AI
 * photo of the product the merchant is looking at.
 */
import '@shopify/ui-extensions/preact';
import { render } from 'preact';
import { GeneratePhotoAction } from './GeneratePhotoAction.tsx';

export default async () => {
  render(<GeneratePhotoAction productId={shopify.data.selected[0]?.id} />, document.body);
};
