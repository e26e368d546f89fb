import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { formatRelative } from '../../lib/format.ts';
import type { OverviewView } from '../../shared/contract.ts';
import { t } from '../../i18n/index.ts';

const KEY_BADGE = {
  valid: { tone: 'success', label: 'overview.connection.keyValid' },
  invalid: { tone: 'critical', label: 'overview.connection.keyRefused' },
  missing: { tone: 'attention', label: 'overview.connection.keyMissing' },
} as const;

export function ConnectionCard({ connection }: { connection: OverviewView['connection'] }) {
  const key = KEY_BADGE[connection.apiKeyState];
  const webhookAt = connection.webhookConnectedAt;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('overview.connection.heading')}
        </Text>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="span">{t('overview.connection.apiKey')}</Text>
          <Badge tone={key.tone}>{t(key.label)}</Badge>
        </InlineStack>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="span">{t('overview.connection.webhook')}</Text>
          <Badge tone={webhookAt ? 'success' : undefined}>
            {webhookAt ? t('overview.connection.connected') : t('overview.connection.notReceived')}
          </Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          {webhookAt
            ? t('overview.connection.webhookArrived', { when: formatRelative(webhookAt) })
            : t('overview.connection.withoutWebhook')}
        </Text>
        <InlineStack>
          <Button url="/settings">{t('overview.connection.settings')}</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
