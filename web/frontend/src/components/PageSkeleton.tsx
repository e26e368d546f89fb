import {
  BlockStack,
  Card,
  Layout,
  SkeletonBodyText,
  SkeletonDisplayText,
  SkeletonPage,
} from '@shopify/polaris';

/** Stands in for a page while its first data loads, with the same frame so nothing jumps. */
export function PageSkeleton({ title, cards = 2 }: { title: string; cards?: number }) {
  return (
    <SkeletonPage title={title} primaryAction>
      <Layout>
        {Array.from({ length: cards }, (_, index) => (
          <Layout.Section key={index}>
            <Card>
              <BlockStack gap="400">
                <SkeletonDisplayText size="small" />
                <SkeletonBodyText lines={index === 0 ? 4 : 3} />
              </BlockStack>
            </Card>
          </Layout.Section>
        ))}
      </Layout>
    </SkeletonPage>
  );
}
