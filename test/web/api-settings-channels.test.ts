/**
 * The shop chooses its channels in Settings (src/channels: each channel's rules): the storefront
 * alone until it does, saved with its settings, and a choice the contract does not allow is a 400
 * that names the field and saves nothing.
 */
import { describe, expect, it } from 'vitest';
import type { ApiErrorBody, SettingsView } from '../../src/app-api/contract.ts';
import { apiHarness } from './support/api-harness.ts';

const harness = apiHarness();

describe('channels in Settings', () => {
  it('are the storefront alone until the shop chooses', async () => {
    const shop = await harness.newShop();

    const { body } = await shop.api<SettingsView>('GET', '/settings');

    expect(body.channels).toEqual(['storefront']);
  });

  it('are saved as the shop chooses them, none included', async () => {
    const shop = await harness.newShop();

    const chosen = await shop.api<SettingsView>('PATCH', '/settings', {
      channels: ['storefront', 'google', 'amazon'],
    });
    const read = await shop.api<SettingsView>('GET', '/settings');
    const none = await shop.api<SettingsView>('PATCH', '/settings', { channels: [] });

    expect(chosen.status).toBe(200);
    expect(read.body.channels).toEqual(['storefront', 'google', 'amazon']);
    expect(none.body.channels).toEqual([]);
  });

  it.each([
    ['an unknown channel', ['storefront', 'ebay'], 'channels.1'],
    ['a channel twice', ['google', 'google'], 'channels'],
    ['not a list', 'amazon', 'channels'],
  ])('refuses %s with a 400 naming the field, and saves nothing', async (_, channels, field) => {
    const shop = await harness.newShop();

    const { status, body } = await shop.api<ApiErrorBody>('PATCH', '/settings', {
      channels,
      reviewMode: true,
    });

    expect(status).toBe(400);
    expect(Object.keys(body.fields ?? {})).toEqual([field]);
    const saved = (await shop.api<SettingsView>('GET', '/settings')).body;
    expect(saved).toMatchObject({ channels: ['storefront'], reviewMode: false });
  });
});
