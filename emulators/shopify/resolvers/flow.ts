/**
 * `flowTriggerReceive`: Shopify Flow starting the workflows that begin with one of the app's
 * triggers. The emulator has no workflows: it records every accepted trigger per shop, for the
 * control surface (`GET /__emulator/shops/:shop/flow-triggers`). As in Flow, the payload must
 * be a JSON object under 1 MB and the handle is required.
 */
import type { ShopRecord } from '../store/types.ts';
import { userError } from './input-guard.ts';
import { field, plain, type ResolverContext, type ResolverMap } from './resolver-types.ts';

export interface ReceivedFlowTrigger {
  handle: string;
  payload: Record<string, unknown>;
  receivedAt: string;
}

const PAYLOAD_LIMIT_BYTES = 1024 * 1024;
const received = new WeakMap<ShopRecord, ReceivedFlowTrigger[]>();

export function flowTriggersOf(shop: ShopRecord): readonly ReceivedFlowTrigger[] {
  return received.get(shop) ?? [];
}

function flowTriggerReceive(
  _: unknown,
  args: { handle?: string | null; payload?: unknown },
  ctx: ResolverContext,
) {
  const { handle, payload } = args;
  if (!handle) return { userErrors: [userError(['handle'], 'Handle is required')] };
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
    return { userErrors: [userError(['payload'], 'Payload must be a JSON object')] };
  if (Buffer.byteLength(JSON.stringify(payload)) > PAYLOAD_LIMIT_BYTES)
    return { userErrors: [userError(['payload'], 'Payload exceeds 1 MB')] };
  const list = received.get(ctx.shop) ?? [];
  list.push({
    handle,
    payload: payload as Record<string, unknown>,
    receivedAt: new Date(ctx.emu.clock.now()).toISOString(),
  });
  received.set(ctx.shop, list);
  return { userErrors: [] };
}

export const flowResolvers: ResolverMap = {
  Mutation: { flowTriggerReceive: field(flowTriggerReceive, ['handle', 'payload']) },
  FlowTriggerReceivePayload: plain('userErrors'),
};
