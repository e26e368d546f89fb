/**
 * The real photographs of the real set (manifest.json) and how to read them: every photo stays in
 * the repository snapshot it came from (fetched under the mirror root, /work/.mirror), never in
 * this project, so the manifest names repository, commit, path and the licence the repository
 * states, and the photos are read from there with `git show`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A box in a photo's own pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Photo {
  path: string;
  /** Where the lettering or logo is (read off the photo by eye), and what it says. */
  lettering?: Box & { text: string };
  notes?: string;
}

export interface Product {
  id: string;
  name: string;
  repo: string;
  /** The first photo is the product's source image. */
  photos: Photo[];
  /** Pairs of photo paths showing the product from nearly the same side. */
  nearby?: [string, string][];
  /**
   * A product that gives nearby-angle pairs only: no same-pose or changed results, and never
   * another product's "other object". Products added for their nearby views are marked so, which
   * leaves every pair of the products before them as it was (each product's results are seeded by
   * its place in the list, and an other object is picked from the list).
   */
  nearbyOnly?: boolean;
}

export interface Source {
  commit: string;
  licence: string;
  licenceFile: string;
}

export interface Scene {
  repo: string;
  path: string;
  notes: string;
}

export interface Manifest {
  sources: Record<string, Source>;
  products: Product[];
  scenes: Scene[];
}

export function loadManifest(): Manifest {
  return JSON.parse(readFileSync(join(import.meta.dirname, 'manifest.json'), 'utf8')) as Manifest;
}

/** Reads one file of a fetched repository at the manifest's commit. */
export function readFromMirror(manifest: Manifest, mirrorRoot: string, repo: string, path: string) {
  const source = manifest.sources[repo];
  if (!source) throw new Error(`manifest.json names no source ${repo}`);
  const dir = join(mirrorRoot, repo.replace('/', '+'), 'repo');
  if (!existsSync(dir))
    throw new Error(`the mirror of ${repo} is missing (${dir}): fetch github:${repo} first`);
  try {
    return execFileSync('git', ['-C', dir, 'show', `${source.commit}:${path}`], {
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    throw new Error(`${repo} has no ${path} at ${source.commit} (mirror ${dir})`);
  }
}
