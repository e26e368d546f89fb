import { useEffect, useState } from 'react';

export interface PixelDimensions {
  width: number;
  height: number;
}

/**
 * An image's real pixel size, known once it has loaded; null before (or when it cannot load).
 * The image is the one the page shows anyway, so this reads the browser's cached copy.
 */
export function useNaturalSize(src: string | null | undefined): PixelDimensions | null {
  const [size, setSize] = useState<(PixelDimensions & { src: string }) | null>(null);
  useEffect(() => {
    if (!src) return;
    let current = true;
    const image = new Image();
    image.onload = () => {
      if (current) setSize({ src, width: image.naturalWidth, height: image.naturalHeight });
    };
    image.src = src;
    return () => {
      current = false;
      image.onload = null;
    };
  }, [src]);
  return size && size.src === src ? { width: size.width, height: size.height } : null;
}
