/**
 * The emulator lifts the product off its picture as a scene generator would: the product, not
 * the picture's caption, whatever the size of the scene's slot.
 */
import { describe, expect, it } from 'vitest';
import { cutOut } from '../../../emulators/productai/render/cutout.ts';
import { renderProductImage } from '../../../emulators/shopify/seed/product-art.ts';

/** The demo's third picture of a chair (a closer view), as the seed serves it. */
const chairPicture = () =>
  renderProductImage({
    kind: 'chair',
    colour: '#d98c99',
    title: 'Blush Lounge Chair',
    view: 2,
    views: 3,
    width: 1600,
    height: 1200,
    format: 'jpeg',
  });

describe('the emulator cut-out', () => {
  it("leaves the picture's caption out in a small slot as in a large one", async () => {
    const picture = await chairPicture();
    const [small, large] = await Promise.all([
      cutOut(picture, 250, 250),
      cutOut(picture, 1000, 1000),
    ]);
    // With the caption under its legs, the small slot's cut-out is taller for its width.
    expect(small.width / small.height).toBeCloseTo(large.width / large.height, 1);
  });
});
