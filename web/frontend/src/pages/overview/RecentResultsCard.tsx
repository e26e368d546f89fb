import { BlockStack, Card, InlineStack, Link, Text } from '@shopify/polaris';
import { BeforeAfter } from '../../components/BeforeAfter.tsx';
import { FidelitySummary, isFlagged } from '../../components/Fidelity.tsx';
import { StateBadge } from '../../components/StateBadge.tsx';
import { formatRelative } from '../../lib/format.ts';
import type { GenerationView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

export function RecentResultsCard({ recent }: { recent: GenerationView[] }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between">
          <Text as="h2" variant="headingMd">
            {t('overview.recent.heading')}
          </Text>
          <Link url="/activity">{t('overview.seeAllActivity')}</Link>
        </InlineStack>
        <BlockStack gap="300" as="ul">
          {recent.map((generation) => (
            <li key={generation.id} style={{ listStyle: 'none' }}>
              <InlineStack gap="300" blockAlign="center" wrap={false}>
                <BeforeAfter generation={generation} />
                <BlockStack gap="100">
                  <Text as="span" fontWeight="semibold">
                    {generation.product.title}
                  </Text>
                  <InlineStack gap="200" blockAlign="center">
                    <StateBadge state={generation.state} />
                    <Text as="span" tone="subdued">
                      {formatRelative(generation.updatedAt)}
                    </Text>
                  </InlineStack>
                  {/* Held by the product check: its verdict and why, as everywhere it shows. */}
                  {generation.state === 'in_review' && isFlagged(generation.fidelity) ? (
                    <FidelitySummary fidelity={generation.fidelity} />
                  ) : null}
                </BlockStack>
              </InlineStack>
            </li>
          ))}
        </BlockStack>
      </BlockStack>
    </Card>
  );
}
