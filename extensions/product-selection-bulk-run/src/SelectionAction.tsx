/**
 * Entry point of the product list selection action
 * (`admin.product-index.selection-action.render`): a bulk run of AI photos over the products the
 * merchant ticked in the list.
 */
import '@shopify/ui-extensions/preact';
import { render } from 'preact';
import { BulkRunAction } from '../../shared/bulk-run/BulkRunAction.tsx';
import { t } from '../../shared/i18n.ts';

export default async () => {
  const productIds = shopify.data.selected.map(({ id }) => id);
  render(
    <BulkRunAction
      target={{ type: 'products', productIds }}
      describeTarget={async () => t('selection.title', { count: productIds.length })}
    />,
    document.body,
  );
};
