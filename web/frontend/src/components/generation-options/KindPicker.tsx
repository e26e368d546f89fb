import { BlockStack, Button, ButtonGroup, Text } from '@shopify/polaris';
import { t } from '../../i18n/index.ts';
import { kindLabel } from '../../lib/format.ts';
import type { GenerationKind } from '../../shared/contract.ts';

const KINDS: readonly GenerationKind[] = ['photo', 'video', 'upscale'];

interface Props {
  kind: GenerationKind;
  onChange: (kind: GenerationKind) => void;
  /** The kinds offered (all by default; automatic rules make photos and videos only). */
  kinds?: readonly GenerationKind[];
}

export function KindPicker({ kind, onChange, kinds = KINDS }: Props) {
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm" id="kind-label">
        {t('options.whatToMake')}
      </Text>
      <div role="group" aria-labelledby="kind-label">
        <ButtonGroup variant="segmented">
          {kinds.map((option) => (
            <Button key={option} pressed={option === kind} onClick={() => onChange(option)}>
              {kindLabel(option)}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <Text as="p" tone="subdued">
        {t(`options.kindHelp.${kind}`)}
      </Text>
    </BlockStack>
  );
}
