import { Card, EmptyState } from '@shopify/polaris';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';

export function BulkRunsEmptyState() {
  return (
    <Card>
      <EmptyState heading="Give a whole collection new photos" image={EMPTY_STATE_IMAGE}>
        <p>
          Choose a collection or some products below, then the options and a credit budget. You see
          the total cost before it starts, and you can pause or cancel at any time.
        </p>
      </EmptyState>
    </Card>
  );
}
