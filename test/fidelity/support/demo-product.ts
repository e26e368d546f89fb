/**
 * How the demo's shop photographs its products (emulators/shopify/seed): the fidelity tests
 * take their sources from it so a verdict is tried on the very images a demo merchant has.
 */
import { renderProductImage, type ArtKind } from '../../../emulators/shopify/seed/product-art.ts';

/** View `view` of the product's `views` photos, a 1,024 px JPEG as the demo's shop seeds it. */
export function demoProductPhoto(
  kind: ArtKind,
  colour: string,
  title: string,
  { view = 0, views = 1 }: { view?: number; views?: number } = {},
): Promise<Buffer> {
  return renderProductImage({
    kind,
    colour,
    title,
    view,
    views,
    width: 1024,
    height: 1024,
    format: 'jpeg',
  });
}
