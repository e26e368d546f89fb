/**
 * The channel checks of a result (src/channels: does it meet the rules of the channels the shop
 * chose in Settings?), run by attach once the result is prepared, on the very bytes uploaded to
 * Shopify, and after the fidelity check (whose located product, when it has one, is the product's
 * region here). The report is kept on the generation and noted in its history in one patch.
 *
 * Crash-exact, as the fidelity check's report (fidelity-step.ts): written before verify can
 * decide anything, and a repeat finds it and measures nothing, so the decision is the one made
 * the first time. Verify reads it: a result failing any chosen channel is never made the featured
 * image (channelsForbidFeatured); it is added to the product after the others instead.
 *
 * A video is not checked (the profiles are for still images): its record stays null.
 */
import type { DecodedImage } from '../../channels/index.ts';
import type { PipelineContext } from '../context.ts';
import type { ChannelsRecord, Generation } from '../generations/generation.ts';
import { storefrontAspect } from './storefront-aspect.ts';

/**
 * The history's line when a channel fails: "Channels: Amazon: the background is not pure white
 * (…)"; none when every chosen channel passes (the record says so; the history lists what
 * changes the result's way).
 */
export function channelsNote(record: ChannelsRecord): string | undefined {
  const failed = record.verdicts.flatMap((verdict) => verdict.failed.map((f) => f.words));
  return failed.length === 0 ? undefined : `Channels: ${failed.join('; ')}`;
}

/** The failures that keep a result from being featured; empty when none does. */
export function channelFailures(generation: Generation): string[] {
  return (generation.channels?.verdicts ?? []).flatMap((verdict) =>
    verdict.failed.map((failure) => failure.words),
  );
}

export async function checkChannels(
  ctx: Pick<PipelineContext, 'generations' | 'settings' | 'admin' | 'channels'>,
  generation: Generation,
  image: DecodedImage | null,
): Promise<Generation> {
  if (generation.channels || generation.kind === 'video' || !image) return generation;
  const { channels } = await ctx.settings.get(generation.shop);
  let record: ChannelsRecord = { verdicts: [] };
  if (channels.length > 0) {
    const aspect = channels.includes('storefront')
      ? await storefrontAspect(await ctx.admin(generation.shop))
      : null;
    const located = generation.fidelity?.checks.located === true;
    const report = await ctx.channels.check({
      image,
      channels,
      storefrontAspect: aspect,
      region: located ? generation.fidelity!.region : null,
    });
    record = { verdicts: report.verdicts };
  }
  return ctx.generations.patch(
    generation.shop,
    generation.id,
    { channels: record },
    { note: channelsNote(record) },
  );
}
