/**
 * Shopify Flow: starts the workflows that begin with one of the app's triggers
 * (extensions/flow-trigger-*). `payload` holds the trigger's fields by their TOML keys.
 */
export const FLOW_TRIGGER_RECEIVE = /* GraphQL */ `
  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {
    flowTriggerReceive(handle: $handle, payload: $payload) {
      userErrors {
        field
        message
      }
    }
  }
`;
