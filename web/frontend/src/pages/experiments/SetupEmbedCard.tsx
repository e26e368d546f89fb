import { BlockStack, Button, Card, List, Text } from '@shopify/polaris';
import { shopDomain } from '../../lib/shop.ts';
import { t } from '../../i18n/index.ts';

/**
 * The app embed block's handle in the deep link: its file's name in the theme app extension
 * (extensions/experiments-embed/blocks/experiments.liquid).
 */
const EMBED_HANDLE = 'experiments';

/**
 * The theme editor with the app embed ready to turn on: Shopify's deep link names the app by its
 * API key (the `shopify-api-key` meta tag the server writes for App Bridge) and the block's handle.
 */
export function themeEditorUrl(): string | null {
  const shop = shopDomain();
  const apiKey = document.querySelector<HTMLMetaElement>('meta[name="shopify-api-key"]')?.content;
  if (!shop || !apiKey) return null;
  // Shopify's documented form for an app embed (`context=apps&activateAppId={api_key}/{handle}`),
  // the id's slash as it is (an API key and a handle need no escaping).
  const embed = `${encodeURIComponent(apiKey)}/${EMBED_HANDLE}`;
  return `https://${shop}/admin/themes/current/editor?context=apps&activateAppId=${embed}`;
}

/**
 * Shown until the storefront has sent its first visitor: the experiments show the arms' images
 * through the theme's app embed, which the merchant turns on in the theme editor.
 */
export function SetupEmbedCard() {
  const url = themeEditorUrl();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('experiments.setup.title')}
        </Text>
        <Text as="p">{t('experiments.setup.body')}</Text>
        <List type="number">
          <List.Item>{t('experiments.setup.stepOpen')}</List.Item>
          <List.Item>{t('experiments.setup.stepSave')}</List.Item>
        </List>
        {url ? (
          <div>
            <Button url={url} target="_blank" variant="primary">
              {t('experiments.setup.open')}
            </Button>
          </div>
        ) : null}
      </BlockStack>
    </Card>
  );
}
