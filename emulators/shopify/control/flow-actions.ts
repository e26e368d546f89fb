/**
 * Shopify Flow running an app's action: a JSON POST to the action's `runtime_url` with Flow's
 * payload (shop, run id, handle, the step's properties) and the raw body signed with the app's
 * client secret (base64 HMAC-SHA256 in `X-Shopify-Hmac-Sha256`), as Flow signs it. Sending the
 * same `actionRunId` again is Flow's retry of a run. `forge` signs with another secret (a caller
 * that is not Shopify). Flow waits at most 30 s for the answer; so does the emulator.
 */
import { randomUUID } from 'node:crypto';
import type { EmulatorContext } from '../emulator-context.ts';
import type { ShopRecord } from '../store/types.ts';
import { signWebhookBody } from '../webhooks/sender.ts';

const FLOW_TIMEOUT_MS = 30_000;

export interface FlowActionCall {
  url: string;
  properties: Record<string, unknown>;
  handle?: string;
  actionRunId?: string;
  forge?: boolean;
}

export async function sendFlowAction(emu: EmulatorContext, shop: ShopRecord, call: FlowActionCall) {
  const actionRunId = call.actionRunId ?? randomUUID();
  const handle = call.handle ?? 'productai-generate-photo';
  const body = JSON.stringify({
    shop_id: shop.numericId,
    shopify_domain: shop.domain,
    action_run_id: actionRunId,
    action_definition_id: handle,
    handle,
    properties: call.properties,
  });
  const secret = call.forge ? `not-${emu.options.apiSecret}` : emu.options.apiSecret;
  const response = await fetch(call.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Flow',
      'X-Shopify-Hmac-Sha256': signWebhookBody(body, secret),
    },
    body,
    signal: AbortSignal.timeout(FLOW_TIMEOUT_MS),
  });
  const text = await response.text();
  let answer: unknown = text;
  try {
    answer = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return {
    actionRunId,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: answer,
  };
}
