import { Card, EmptyState } from '@shopify/polaris';
import { EMPTY_STATE_IMAGE } from '../../lib/illustration.ts';
import type { OverviewView } from '../../shared/contract.ts';

type KeyState = OverviewView['connection']['apiKeyState'];

const CONTENT: Readonly<
  Record<KeyState, { heading: string; text: string; action: string; url: string }>
> = {
  missing: {
    heading: 'Connect your ProductAI account',
    text: 'Add your ProductAI API key in Settings. Then pick a product and make its first AI photo.',
    action: 'Add your API key',
    url: '/settings',
  },
  invalid: {
    heading: 'ProductAI refused your API key',
    text: 'The key was removed or deactivated in ProductAI. Add a new key from the API access page of the ProductAI studio.',
    action: 'Replace your API key',
    url: '/settings',
  },
  valid: {
    heading: 'Make your first product photo',
    text: 'Pick a product, choose a preset, and the result is added to the product’s media.',
    action: 'Generate a photo',
    url: '/generate',
  },
};

/** The first thing to do, depending on how far the shop has come. */
export function GetStartedCard({ apiKeyState }: { apiKeyState: KeyState }) {
  const content = CONTENT[apiKeyState];
  return (
    <Card>
      <EmptyState
        heading={content.heading}
        action={{ content: content.action, url: content.url }}
        image={EMPTY_STATE_IMAGE}
      >
        <p>{content.text}</p>
      </EmptyState>
    </Card>
  );
}
