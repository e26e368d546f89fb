import {
  Badge,
  BlockStack,
  Button,
  Card,
  InlineStack,
  List,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import type { SettingsView } from '../../shared/contract.ts';

/** The shop's own webhook URL, how to give it to ProductAI, and whether ProductAI reached it. */
export function WebhookCard({ webhook }: { webhook: SettingsView['webhook'] }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.url);
      setCopyFailed(false);
      shopify.toast.show('Webhook URL copied');
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm">
            Your webhook URL
          </Text>
          {webhook.connectedAt ? (
            <Badge tone="success">Connected</Badge>
          ) : (
            <Badge tone="attention">Not yet received</Badge>
          )}
        </InlineStack>
        <TextField
          label="Webhook URL"
          labelHidden
          value={webhook.url}
          readOnly
          autoComplete="off"
          selectTextOnFocus
          connectedRight={<Button onClick={copy}>Copy</Button>}
          error={
            copyFailed ? 'Copying is blocked here: select the URL and copy it by hand.' : undefined
          }
        />
        <List type="number">
          <List.Item>Open the ProductAI studio and go to the API access page.</List.Item>
          <List.Item>Paste this URL into the webhook URL field and save it there.</List.Item>
          <List.Item>
            ProductAI sends a test request right away, and this page shows “Connected”.
          </List.Item>
        </List>
        <Text as="p" tone={webhook.connectedAt ? 'success' : 'subdued'}>
          {webhook.connectedAt
            ? `Connected: ProductAI's test request arrived on ${formatDateTime(webhook.connectedAt)}.`
            : 'Not yet received. Until then results still arrive as quickly, because the app checks on each generation every few seconds.'}
        </Text>
      </BlockStack>
    </Card>
  );
}
