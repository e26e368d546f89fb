/**
 * Channel profiles as data: which rules a result must pass to be the featured image shown on a
 * channel, and with which figures. Each figure says where it is documented; where a rule is
 * worded by the channel but not measured by it ("no border"), the measure and its tolerance are
 * ours and say so.
 */
import type { CodedText } from '../platform/error-codes.ts';
import type { ChannelId, RuleId } from './channel-ids.ts';

export interface MinSize {
  /** Both sides at least this many pixels (Google). */
  minSide?: number;
  /** The longest side at least this many pixels (Amazon's zoom, the storefront). */
  minLongSide?: number;
}

export interface ChannelProfile {
  id: ChannelId;
  /** Its name in the rule wordings: the app's word (coded) or a service's own name. */
  name: CodedText | string;
  rules: RuleId[];
  minSize: MinSize;
}

/**
 * Google Merchant Center, image link [image_link], support.google.com/merchants/answer/6324350
 * ("Minimum requirements"): at least 100 × 100 pixels for non-apparel images and 250 × 250 for
 * apparel; no promotional overlays, watermarks or borders; images made with generative AI must
 * carry that in their metadata (IPTC DigitalSourceType `TrainedAlgorithmicMedia`).
 */
export const GOOGLE_MIN_SIDE = { nonApparel: 100, apparel: 250 } as const;

/**
 * Amazon, product image requirements for the main image (Seller Central help "Product image
 * requirements", G1881; read through published summaries, the page itself needs a seller
 * login): background pure white, RGB 255, 255, 255; the product fills at least 85 % of the
 * image frame; no text, logos, borders or watermarks; 1,000 pixels or more on the longest side
 * enables zoom (500 px is the smallest Amazon accepts, so 1,000 is the figure a main image
 * should meet).
 */
export const AMAZON_PRODUCT_SHARE = 0.85;
export const AMAZON_ZOOM_LONG_SIDE = 1000;

/**
 * The smallest product image a theme zooms: 800 × 800 pixels (below it most themes turn zoom
 * off, as Shopify's image guides put it; 2048 × 2048 is Shopify's recommendation, which a 1K
 * model's result never meets: as the minimum it kept every such result from being featured).
 * The storefront's aspect ratio is not a figure of Shopify's: it is the one the shop's own
 * product images use (storefront-aspect.ts).
 */
export const STOREFRONT_LONG_SIDE = 800;

export const CHANNEL_PROFILES: Record<ChannelId, ChannelProfile> = {
  storefront: {
    id: 'storefront',
    name: { code: 'channel_storefront' },
    rules: ['min-size', 'aspect-ratio'],
    minSize: { minLongSide: STOREFRONT_LONG_SIDE },
  },
  google: {
    id: 'google',
    name: 'Google Merchant Center',
    rules: ['min-size', 'border', 'overlaid-text', 'ai-metadata'],
    // The app does not know whether a product is apparel: the apparel figure holds for both.
    minSize: { minSide: GOOGLE_MIN_SIDE.apparel },
  },
  amazon: {
    id: 'amazon',
    name: 'Amazon',
    rules: ['min-size', 'white-background', 'product-share', 'overlaid-text', 'border'],
    minSize: { minLongSide: AMAZON_ZOOM_LONG_SIDE },
  },
};
