/**
 * Runs render plans, at most `concurrency` at a time (the machine's cores are shared; queued
 * renders simply wait, their jobs stay RUNNING). Image work runs in libvips threads and video
 * in an ffmpeg child process, so the event loop stays free. `close()` aborts everything.
 */
import sharp from 'sharp';
import type { FileStore } from '../storage.ts';
import { renderImage } from './image.ts';
import { renderUpscale } from './upscale.ts';
import { renderVideo } from './video.ts';
import type { RenderPlan, RenderResult } from './plan.ts';

sharp.concurrency(2);

export interface Renderer {
  render(plan: RenderPlan): Promise<RenderResult>;
  close(): void;
}

export function createRenderer(files: FileStore, concurrency = 2): Renderer {
  const abort = new AbortController();
  let running = 0;
  const waiting: Array<() => void> = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      if (abort.signal.aborted) throw new Error('the emulator is closing');
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  return {
    render(plan) {
      return slot(() => {
        if (plan.kind === 'image') return renderImage(plan, files);
        if (plan.kind === 'upscale') return renderUpscale(plan, files);
        return renderVideo(plan, files, abort.signal);
      });
    },
    close() {
      abort.abort();
      for (const wake of waiting.splice(0)) wake();
    },
  };
}
