import { Badge, BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { formatRelative } from '../../lib/format.ts';
import type { OverviewView } from '../../shared/contract.ts';

const KEY_BADGE = {
  valid: { tone: 'success', label: 'Valid' },
  invalid: { tone: 'critical', label: 'Refused' },
  missing: { tone: 'attention', label: 'Not added' },
} as const;

export function ConnectionCard({ connection }: { connection: OverviewView['connection'] }) {
  const key = KEY_BADGE[connection.apiKeyState];
  const webhookAt = connection.webhookConnectedAt;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Connection to ProductAI
        </Text>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="span">API key</Text>
          <Badge tone={key.tone}>{key.label}</Badge>
        </InlineStack>
        <InlineStack align="space-between" blockAlign="center">
          <Text as="span">Webhook</Text>
          <Badge tone={webhookAt ? 'success' : undefined}>
            {webhookAt ? 'Connected' : 'Not yet received'}
          </Badge>
        </InlineStack>
        <Text as="p" tone="subdued">
          {webhookAt
            ? `ProductAI's test request arrived ${formatRelative(webhookAt)}. Results arrive as soon as they are ready.`
            : 'Without the webhook, results still arrive as quickly: the app checks on each one every few seconds.'}
        </Text>
        <InlineStack>
          <Button url="/settings">Connection settings</Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
