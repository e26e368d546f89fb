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
import { t } from '../../i18n/index.ts';

/** The shop's own webhook URL, how to give it to ProductAI, and whether ProductAI reached it. */
export function WebhookCard({ webhook }: { webhook: SettingsView['webhook'] }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(webhook.url);
      setCopyFailed(false);
      shopify.toast.show(t('settings.webhook.copied'));
    } catch {
      setCopyFailed(true);
    }
  };
  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h3" variant="headingSm">
            {t('settings.webhook.yourUrl')}
          </Text>
          {webhook.connectedAt ? (
            <Badge tone="success">{t('overview.connection.connected')}</Badge>
          ) : (
            <Badge tone="attention">{t('overview.connection.notReceived')}</Badge>
          )}
        </InlineStack>
        <TextField
          label={t('settings.webhook.url')}
          labelHidden
          value={webhook.url}
          readOnly
          autoComplete="off"
          selectTextOnFocus
          connectedRight={<Button onClick={copy}>{t('settings.webhook.copy')}</Button>}
          error={copyFailed ? t('settings.webhook.copyBlocked') : undefined}
        />
        <List type="number">
          <List.Item>{t('settings.webhook.step1')}</List.Item>
          <List.Item>{t('settings.webhook.step2')}</List.Item>
          <List.Item>{t('settings.webhook.step3')}</List.Item>
        </List>
        <Text as="p" tone={webhook.connectedAt ? 'success' : 'subdued'}>
          {webhook.connectedAt
            ? t('settings.webhook.connectedOn', { when: formatDateTime(webhook.connectedAt) })
            : t('settings.webhook.notYet')}
        </Text>
      </BlockStack>
    </Card>
  );
}
