/**
 * `flowTriggerReceive`: Shopify Flow starting the workflows that begin with one of the app's
 * triggers. The emulator has no workflows: it records every accepted trigger per shop, for the
 * control surface (`GET /__emulator/shops/:shop/flow-triggers`). As in Flow, the payload must
 * be a JSON object under 1 MB and the handle is required; given the app's trigger extensions
 * (options `flowTriggers`), the handle must be one of them and the payload must carry exactly
 * the fields it declares.
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
  const schemaError = schemaProblem(ctx, handle, payload as Record<string, unknown>);
  if (schemaError) return { userErrors: [schemaError] };
  const list = received.get(ctx.shop) ?? [];
  list.push({
    handle,
    payload: payload as Record<string, unknown>,
    receivedAt: new Date(ctx.emu.clock.now()).toISOString(),
  });
  received.set(ctx.shop, list);
  return { userErrors: [] };
}

function schemaProblem(ctx: ResolverContext, handle: string, payload: Record<string, unknown>) {
  const triggers = ctx.emu.options.flowTriggers;
  if (!triggers) return null;
  const fields = triggers.get(handle);
  if (!fields) return userError(['handle'], `Invalid handle: ${handle}`);
  const unknown = Object.keys(payload).filter((key) => !fields.includes(key));
  const missing = fields.filter((key) => !(key in payload));
  if (unknown.length === 0 && missing.length === 0) return null;
  const problems = [
    ...unknown.map((key) => `Invalid field ${key}`),
    ...missing.map((key) => `Missing field ${key}`),
  ];
  return userError(['payload'], `Errors validating schema: ${problems.join(', ')}`);
}

export const flowResolvers: ResolverMap = {
  Mutation: { flowTriggerReceive: field(flowTriggerReceive, ['handle', 'payload']) },
  FlowTriggerReceivePayload: plain('userErrors'),
};
