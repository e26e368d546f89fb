import { Badge, BlockStack, InlineStack, Text, type BadgeProps } from '@shopify/polaris';
import type { ReactNode } from 'react';

interface Props {
  /** The heading's id, for the card's progress bar to be labelled by. */
  id: string;
  title: string;
  subtitle: ReactNode;
  badge: { tone: BadgeProps['tone']; label: string };
}

/** A bulk run's or a campaign's card heading: its name, one line about it, and its state. */
export function RecordCardHeading({ id, title, subtitle, badge }: Props) {
  return (
    <InlineStack align="space-between" blockAlign="center" gap="200">
      <BlockStack gap="050">
        <Text as="h2" variant="headingMd" id={id}>
          {title}
        </Text>
        <Text as="p" tone="subdued">
          {subtitle}
        </Text>
      </BlockStack>
      <Badge tone={badge.tone}>{badge.label}</Badge>
    </InlineStack>
  );
}
