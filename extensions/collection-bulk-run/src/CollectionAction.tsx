/**
 * Entry point of the collection page action (`admin.collection-details.action.render`): a bulk
 * run of AI photos over every product in the collection.
 */
import '@shopify/ui-extensions/preact';
import { render } from 'preact';
import { appApi } from '../../shared/app-api.ts';
import { BulkRunAction } from '../../shared/bulk-run/BulkRunAction.tsx';

export default async () => {
  const collectionId = shopify.data.selected[0]?.id ?? '';
  render(
    <BulkRunAction
      target={{ type: 'collection', collectionId }}
      describeTarget={async () => (await appApi.collection(collectionId)).title}
    />,
    document.body,
  );
};
