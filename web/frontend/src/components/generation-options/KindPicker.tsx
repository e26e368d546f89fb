import { BlockStack, Button, ButtonGroup, Text } from '@shopify/polaris';
import { KIND_LABELS } from '../../shared/models.ts';
import type { GenerationKind } from '../../shared/contract.ts';

const KIND_HELP: Readonly<Record<GenerationKind, string>> = {
  photo: 'A new product photo: your product in the scene your prompt describes.',
  video: 'A short product video made from your images and a prompt.',
  upscale: 'A sharper, larger version of one image, with nothing else changed.',
};

const KINDS = Object.keys(KIND_LABELS) as GenerationKind[];

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
        What to make
      </Text>
      <div role="group" aria-labelledby="kind-label">
        <ButtonGroup variant="segmented">
          {kinds.map((option) => (
            <Button key={option} pressed={option === kind} onClick={() => onChange(option)}>
              {KIND_LABELS[option]}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <Text as="p" tone="subdued">
        {KIND_HELP[kind]}
      </Text>
    </BlockStack>
  );
}
