/**
 * Video generation: the prompt's scene with the reference products, rendered as a still 25%
 * larger than the frame, then filmed by a slow eased pan across it (a short camera move) with
 * the bundled static ffmpeg: H.264 (libx264 ultrafast), yuv420p, 24 fps, `+faststart` so it
 * plays while downloading. With `audio` a quiet two-tone pad is muxed in as AAC (seedance's
 * soundtrack); without it the file has no audio track. Runs in a child process.
 */
import { spawn } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { renderScene } from './scene.ts';
import { videoSize } from './sizes.ts';
import type { RenderResult, VideoPlan } from './plan.ts';
import type { FileStore } from '../storage.ts';

export const VIDEO_FPS = 24;
/** How much larger the still is than the frame: the room the camera has to move in. */
const TRAVEL = 1.25;

export async function renderVideo(
  plan: VideoPlan,
  files: FileStore,
  signal: AbortSignal,
): Promise<RenderResult> {
  const size = videoSize(plan.resolution, plan.aspectRatio, plan.images[0]);
  const even = (n: number) => Math.round(n / 2) * 2;
  const scene = await renderScene({
    width: even(size.width * TRAVEL),
    height: even(size.height * TRAVEL),
    prompt: plan.prompt,
    products: plan.images.map((image) => image.bytes),
  });
  const stillPath = join(files.dir, `still-${randomUUID()}.png`);
  await writeFile(stillPath, await scene.png({ compressionLevel: 1 }).toBuffer());
  const output = files.reserve('videos', 'mp4');
  try {
    await runFfmpeg(ffmpegArgs(stillPath, output.path, plan, size), signal);
  } catch (error) {
    await rm(output.path, { force: true });
    throw error;
  } finally {
    await rm(stillPath, { force: true });
  }
  await files.register(output.name, output.path);
  return { file: output.name, ...size };
}

function ffmpegArgs(
  still: string,
  output: string,
  plan: VideoPlan,
  size: { width: number; height: number },
): string[] {
  const d = plan.seconds;
  // The still is decoded once and repeated in memory (`loop`; `-loop 1` would decode the file
  // again for every frame), then filmed with an eased pan left to right, drifting downwards.
  const camera =
    `loop=loop=-1:size=1:start=0,setpts=N/${VIDEO_FPS}/TB,crop=w=${size.width}:h=${size.height}` +
    `:x='(iw-ow)*(0.5-0.5*cos(PI*t/${d}))':y='(ih-oh)*(0.3+0.4*t/${d})',format=yuv420p[v]`;
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  args.push('-framerate', String(VIDEO_FPS), '-i', still);
  if (plan.audio) {
    const pad = '0.06*sin(2*PI*220*t)*(1+0.5*sin(PI*t))+0.04*sin(2*PI*330*t)';
    args.push('-f', 'lavfi', '-i', `aevalsrc=${pad}:s=48000:d=${d}`);
  }
  args.push('-filter_complex', `[0:v]${camera}`, '-map', '[v]');
  if (plan.audio) args.push('-map', '1:a', '-c:a', 'aac', '-b:a', '96k');
  args.push('-t', String(d), '-r', String(VIDEO_FPS), '-c:v', 'libx264', '-preset', 'ultrafast');
  args.push('-pix_fmt', 'yuv420p', '-threads', '2', '-movflags', '+faststart', output);
  return args;
}

function runFfmpeg(args: string[], signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg.path, args, { stdio: ['ignore', 'ignore', 'pipe'], signal });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
    });
  });
}
