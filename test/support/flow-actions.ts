/**
 * A Flow action request as the Flow actions service receives it from its route: the payload's
 * raw body and the headers Flow sends, signed with the test app's secret as Flow signs it (the
 * emulator's own signer, emulators/shopify/control/flow-actions.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { signWebhookBody } from '../../emulators/shopify/webhooks/sender.ts';
import { API_SECRET } from './app-identity.ts';

export function signedFlowAction(payload: unknown): {
  rawBody: string;
  headers: IncomingHttpHeaders;
} {
  const rawBody = JSON.stringify(payload);
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': signWebhookBody(rawBody, API_SECRET),
    },
  };
}
