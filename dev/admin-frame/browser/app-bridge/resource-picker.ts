import type { PickerOptions } from '../protocol.ts';
import type { Channel } from './channel.ts';

/**
 * `shopify.resourcePicker(options)`: the admin opens its picker over the whole page; resolves to
 * the chosen resources (an array, also exposed as the deprecated `.selection`), or undefined when
 * the merchant cancels.
 */
export function createResourcePicker(channel: Channel) {
  return async (options: PickerOptions) => {
    const { type, action, multiple, query, filter, selectionIds } = options;
    const picked = await channel.call('resourcePicker', {
      type,
      action,
      multiple,
      query,
      filter,
      selectionIds: selectionIds?.map(({ id }) => ({ id })),
    });
    return picked ? Object.assign(picked, { selection: picked }) : undefined;
  };
}
