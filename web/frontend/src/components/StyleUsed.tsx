import { Text } from '@shopify/polaris';
import type { GenerationView } from '../shared/contract.ts';
import { t } from '../i18n/index.ts';
import { storedText } from '../i18n/coded-text.ts';

/** The shop style a generation was sent with (its phrase, whether its image went), in words. */
export function StyleUsed({ style }: { style: GenerationView['style'] }) {
  if (!style) return null;
  const parts = [
    style.phrase ? t('viewer.stylePhrase', { phrase: style.phrase }) : null,
    style.reference?.sent ? t('viewer.styleImageSent') : null,
    style.reference && !style.reference.sent
      ? t('viewer.styleImageNotSent', {
          reason: storedText(style.reference.reasonText, style.reference.reason ?? ''),
        })
      : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <Text as="p" tone="subdued">
      {parts.join(' ')}
    </Text>
  );
}
