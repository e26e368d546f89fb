/** Image generation: the prompt's scene with the reference products, at the requested size and format. */
import { imageSize } from './sizes.ts';
import { renderScene } from './scene.ts';
import type { ImagePlan, RenderResult } from './plan.ts';
import type { FileStore } from '../storage.ts';

export async function renderImage(plan: ImagePlan, files: FileStore): Promise<RenderResult> {
  const size = imageSize(plan.aspectRatio, plan.resolution);
  const scene = await renderScene({
    ...size,
    prompt: plan.prompt,
    products: plan.images.map((image) => image.bytes),
    change: plan.change,
    style: plan.style?.bytes,
  });
  const bytes =
    plan.outputFormat === 'jpg'
      ? await scene.jpeg({ quality: 90, mozjpeg: false }).toBuffer()
      : await scene.png().toBuffer();
  const file = await files.put('results', plan.outputFormat, bytes);
  return { file: file.name, ...size };
}
