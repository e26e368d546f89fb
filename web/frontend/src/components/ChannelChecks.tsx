import { Text } from '@shopify/polaris';
import type { GenerationView } from '../shared/contract.ts';
import { t } from '../i18n/index.ts';
import { storedText } from '../i18n/coded-text.ts';

/**
 * The rules a result breaks on the shop's chosen channels (why it was not made featured), and
 * whether the file Shopify serves kept its AI mark; nothing when there is nothing to say.
 */
export function ChannelChecks({
  generation,
}: {
  generation: Pick<GenerationView, 'channels' | 'provenanceKept'>;
}) {
  const failed = (generation.channels?.verdicts ?? []).flatMap((verdict) =>
    verdict.failed.map((failure) => storedText(failure.text, failure.words)),
  );
  const provenance = generation.provenanceKept ?? null;
  if (failed.length === 0 && provenance === null) return null;
  return (
    <>
      {failed.map((words) => (
        <Text as="p" tone="caution" key={words}>
          {words}
        </Text>
      ))}
      {provenance === null ? null : (
        <Text as="p" tone={provenance ? 'subdued' : 'caution'}>
          {provenance ? t('channelChecks.provenanceKept') : t('channelChecks.provenanceLost')}
        </Text>
      )}
    </>
  );
}
