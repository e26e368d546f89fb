/**
 * Entry point of the product page block (`admin.product-details.block.render`): the product's
 * ProductAI work in progress and its latest result, on the product page itself.
 */
import '@shopify/ui-extensions/preact';
import { render } from 'preact';
import { ProductProgressBlock } from './ProductProgressBlock.tsx';

export default async () => {
  render(<ProductProgressBlock productId={shopify.data.selected[0]?.id} />, document.body);
};
