import { useNaturalSize, type PixelDimensions } from '../lib/useNaturalSize.ts';

function format(size: PixelDimensions): string {
  return `${size.width} × ${size.height} px`;
}

/** "1024 × 1024 px": an image's real pixel size (empty until it has loaded). */
export function PixelSize({ src }: { src: string }) {
  const size = useNaturalSize(src);
  return <span data-testid="pixel-size">{size ? format(size) : ''}</span>;
}

/**
 * "1024 × 1024 px → 2048 × 2048 px": the source's size and the result's, so an upscale (or a
 * result made at another resolution) shows what changed when the two pictures look alike.
 * Only the result's size when there is no source image.
 */
export function PixelSizes({ before, after }: { before: string | null; after: string }) {
  const beforeSize = useNaturalSize(before);
  const afterSize = useNaturalSize(after);
  if (!afterSize || (before && !beforeSize)) return null;
  return (
    <span data-testid="pixel-sizes">
      {beforeSize ? `${format(beforeSize)} → ` : ''}
      {format(afterSize)}
    </span>
  );
}
