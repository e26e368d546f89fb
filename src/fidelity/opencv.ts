/**
 * OpenCV's WebAssembly build (@techstark/opencv-js), loaded once per thread. Chosen for the
 * jobs a check needs in one maintained package: ORB features and RANSAC homography (to find a
 * product that moved, scaled or turned), GrabCut (to cut the product from its source), k-means
 * (its main colours) and warps. Loading it takes about 0.9 s and 130 MB per thread (measured on
 * this machine), so each worker keeps it for its life.
 */
import { createRequire } from 'node:module';
import type * as OpenCvModule from '@techstark/opencv-js';

export type OpenCv = typeof OpenCvModule;

let loading: Promise<{ cv: OpenCv }> | undefined;

/** Boxed: the module itself is a thenable, so a promise of it would never settle. */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise((resolve) => {
    // The package is a CommonJS thenable that resolves to itself: awaiting it (or resolving a
    // promise with it) never settles, so wait for its runtime and hand it over boxed.
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv & {
      onRuntimeInitialized?: () => void;
    };
    if (typeof cv.Mat === 'function') resolve({ cv });
    else cv.onRuntimeInitialized = () => resolve({ cv });
  });
  return loading;
}
