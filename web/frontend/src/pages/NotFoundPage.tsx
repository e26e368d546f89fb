import { Card, EmptyState, Page } from '@shopify/polaris';
import { EMPTY_STATE_IMAGE } from '../lib/illustration.ts';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <Card>
        <EmptyState
          heading="This page doesn't exist"
          action={{ content: 'Go to the overview', url: '/' }}
          image={EMPTY_STATE_IMAGE}
        >
          <p>The link may be old. Everything the app does starts from the overview.</p>
        </EmptyState>
      </Card>
    </Page>
  );
}
