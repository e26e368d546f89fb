/**
 * Makes the labelled set of REAL photographs for the fidelity benchmark:
 *   node bench/fidelity/real/make-real-set.ts [folder=/work/real-set] [mirrors=/work/.mirror]
 * The photos are read from the fetched repositories named in manifest.json (never kept in this
 * project). Per product: its first photo is the source; three faithful results (the product's own
 * pixels in another real photo, see scene.ts), nearby-angle results where the product has another
 * photo from nearly the same side, and three changed results (five for products with lettering),
 * each a kind of real-changes.ts applied to the product in an otherwise faithful scene. Writes
 * labels.json in make-set.ts's format, so quality.ts runs on it unchanged. Seeded: the same
 * manifest and mirrors make the same set.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Pair } from '../make-set.ts';
import { random } from '../products.ts';
import { cutOut, type Cutout } from './cutout.ts';
import { loadManifest, readFromMirror, type Photo, type Product } from './manifest.ts';
import {
  letteringBlurred,
  letteringChanged,
  letteringRemoved,
  otherObject,
  recolourPart,
  recolourWhole,
  reshape,
  type RealChangeKind,
} from './real-changes.ts';
import { reencoded, scene } from './scene.ts';

/** make-set.ts's Pair with the real set's change kinds. */
export type RealPair = Omit<Pair, 'change'> & {
  change?: { kind: RealChangeKind; strength: number };
};

const BASE_KINDS: RealChangeKind[] = ['recolour_whole', 'recolour_part', 'reshape', 'other_object'];
const LETTERING_KINDS: RealChangeKind[] = [
  'lettering_removed',
  'lettering_blurred',
  'lettering_changed',
];
const FAITHFUL_PER_PRODUCT = 3;

const folder = process.argv[2] ?? '/work/real-set';
const mirrors = process.argv[3] ?? '/work/.mirror';
const manifest = loadManifest();
const read = (repo: string, path: string) => readFromMirror(manifest, mirrors, repo, path);

// Every photo and scene is read first, so a missing mirror stops the run before any work.
const photos = new Map<string, Buffer>();
for (const product of manifest.products)
  for (const photo of product.photos) photos.set(photo.path, read(product.repo, photo.path));
const scenes = manifest.scenes.map((s) => read(s.repo, s.path));

const cutouts = new Map<string, Cutout>();
console.log('cut-outs (product share of the photo, box; "EDGE": reaches the photo edge):');
for (const [path, data] of photos) {
  const cut = await cutOut(data);
  cutouts.set(path, cut);
  const { x, y, width, height } = cut.box;
  console.log(
    `  ${path}: ${(100 * cut.share).toFixed(1)} %, ${width}x${height} at ${x},${y}` +
      (cut.touchesEdge ? ' EDGE' : ''),
  );
}

/** The lettering's box in the cut-out's pixels. */
function letteringIn(photo: Photo) {
  const cut = cutouts.get(photo.path)!;
  const l = photo.lettering!;
  return { ...l, x: l.x - cut.box.x, y: l.y - cut.box.y };
}

async function changed(
  kind: RealChangeKind,
  product: Product,
  others: Product[],
  r: () => number,
): Promise<{ png: Buffer; strength: number }> {
  const photo = product.photos[0]!;
  const cut = cutouts.get(photo.path)!.png;
  switch (kind) {
    case 'recolour_whole': {
      const degrees = Math.round(60 + r() * 120);
      return { png: await recolourWhole(cut, degrees), strength: degrees };
    }
    case 'recolour_part': {
      const degrees = Math.round(90 + r() * 90);
      return { png: (await recolourPart(cut, degrees, r)).png, strength: degrees };
    }
    case 'lettering_removed':
      return { png: await letteringRemoved(cut, letteringIn(photo)), strength: 1 };
    case 'lettering_blurred':
      return { png: await letteringBlurred(cut, letteringIn(photo)), strength: 1 };
    case 'lettering_changed':
      return { png: (await letteringChanged(cut, letteringIn(photo), r)).png, strength: 1 };
    case 'reshape': {
      const factor = Math.round((1.15 + r() * 0.15) * 100) / 100;
      return { png: await reshape(cut, factor, r() < 0.5), strength: factor };
    }
    case 'other_object': {
      const other = others[Math.floor(r() * others.length)]!;
      return { png: await otherObject(cut, cutouts.get(other.photos[0]!.path)!.png), strength: 0 };
    }
  }
}

await mkdir(folder, { recursive: true });
const pairs: RealPair[] = [];
const write = async (name: string, data: Buffer) => {
  await writeFile(join(folder, name), data);
  return name;
};
const backdrop = (r: () => number) => scenes[Math.floor(r() * scenes.length)]!;
for (const [i, product] of manifest.products.entries()) {
  const r = random(9000 + i);
  const withText = product.photos.some((p) => p.lettering);
  const sourceNames = new Map<string, string>();
  for (const [k, photo] of product.photos.entries())
    sourceNames.set(
      photo.path,
      await write(`p${i}-source${k ? `-${k}` : ''}.jpg`, photos.get(photo.path)!),
    );
  const src = sourceNames.get(product.photos[0]!.path)!;
  const cut = cutouts.get(product.photos[0]!.path)!.png;
  for (let k = 0; k < (product.nearbyOnly ? 0 : FAITHFUL_PER_PRODUCT); k++) {
    const id = `p${i}-same_pose-${k}`;
    const result = await write(`${id}.jpg`, await scene(backdrop(r), cut, r));
    pairs.push({ id, source: src, result, kind: 'image', label: 'faithful', withText });
  }
  // Nearby angle: each photo of a pair is the other's result, on its own and in a scene.
  let near = 0;
  for (const pair of product.nearby ?? [])
    for (const [from, to] of [pair, [pair[1], pair[0]]] as const) {
      const other = photos.get(to)!;
      const alone = `p${i}-nearby_angle-${near++}`;
      pairs.push({
        id: alone,
        source: sourceNames.get(from)!,
        result: await write(`${alone}.jpg`, await reencoded(other, r)),
        kind: 'image',
        label: 'faithful',
        withText,
      });
      const placed = `p${i}-nearby_angle_scene-${near++}`;
      pairs.push({
        id: placed,
        source: sourceNames.get(from)!,
        result: await write(`${placed}.jpg`, await scene(backdrop(r), cutouts.get(to)!.png, r)),
        kind: 'image',
        label: 'faithful',
        withText,
      });
    }
  const kinds = product.nearbyOnly
    ? []
    : product.photos[0]!.lettering
      ? [...LETTERING_KINDS, BASE_KINDS[i % 4]!, BASE_KINDS[(i + 2) % 4]!]
      : [0, 1, 2].map((k) => BASE_KINDS[(i + k) % 4]!);
  const others = manifest.products.filter((p) => p.id !== product.id && !p.nearbyOnly);
  for (const [k, kind] of kinds.entries()) {
    const { png, strength } = await changed(kind, product, others, r);
    const id = `p${i}-${kind}-${k}`;
    const result = await write(`${id}.jpg`, await scene(backdrop(r), png, r));
    pairs.push({
      id,
      source: src,
      result,
      kind: 'image',
      label: 'changed',
      change: { kind, strength },
      withText,
    });
  }
  // Written after each product, so a set cut short is still a usable (smaller) set.
  await writeFile(join(folder, 'labels.json'), JSON.stringify(pairs, null, 1));
  process.stdout.write(`\r${i + 1}/${manifest.products.length} products, ${pairs.length} pairs`);
}
const counts = new Map<string, number>();
for (const p of pairs) {
  const key = p.change?.kind ?? /^p\d+-(.+)-\d+$/.exec(p.id)![1]!;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
console.log(`\n${pairs.length} pairs in ${folder}:`, Object.fromEntries(counts));
