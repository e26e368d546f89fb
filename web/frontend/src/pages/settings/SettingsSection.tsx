import { BlockStack, Box, InlineGrid, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}

/**
 * A titled settings group: title and description beside the card from 768 px, above it below.
 * Polaris's own settings-page pattern (InlineGrid 2fr/5fr): the heading gets side padding on
 * phones, where cards run edge to edge; Layout.AnnotatedSection left it touching the screen's
 * edge at 375 px.
 */
export function SettingsSection({ id, title, description, children }: Props) {
  return (
    <InlineGrid columns={{ xs: '1fr', md: '2fr 5fr' }} gap="400">
      <Box paddingInline={{ xs: '400', sm: '0' }} id={id}>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {title}
          </Text>
          <Text as="p" variant="bodyMd" tone="subdued">
            {description}
          </Text>
        </BlockStack>
      </Box>
      {children}
    </InlineGrid>
  );
}
