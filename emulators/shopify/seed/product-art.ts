/**
 * Drawings of the demo store's products: simple shapes in the product's colour, with its name,
 * rendered to real JPEG/PNG/WebP bytes by sharp. Each view of a product (front, side, detail...)
 * changes the backdrop and framing so a product's images are visibly different.
 */
import sharp from 'sharp';

export type ArtKind =
  | 'mug'
  | 'sneaker'
  | 'bottle'
  | 'lamp'
  | 'backpack'
  | 'watch'
  | 'chair'
  | 'plant'
  | 'headphones'
  | 'tshirt'
  | 'cap'
  | 'candle';

export type ImageFormat = 'jpeg' | 'png' | 'webp';

export interface ArtSpec {
  kind: ArtKind;
  colour: string;
  title: string;
  /** Which of the product's images this is (0-based); changes backdrop and framing. */
  view: number;
  views: number;
  width: number;
  height: number;
  format: ImageFormat;
}

const BACKDROPS = ['#f4efe6', '#e3ecf2', '#eef2e3', '#f2e3ea'];

/** Each shape is drawn in a 1000x1000 box centred on (500, 450). */
const SHAPES: Record<ArtKind, (c: string) => string> = {
  mug: (c) =>
    `<rect x="300" y="250" width="340" height="400" rx="40" fill="${c}"/><path d="M640 340 h60 a80 80 0 0 1 0 160 h-60" fill="none" stroke="${c}" stroke-width="45"/><ellipse cx="470" cy="255" rx="170" ry="30" fill="#00000022"/>`,
  sneaker: (c) =>
    `<path d="M180 560 L200 400 Q320 380 420 300 L520 330 Q560 420 700 450 Q820 470 830 560 Z" fill="${c}"/><rect x="170" y="560" width="670" height="55" rx="25" fill="#fafafa" stroke="#333" stroke-width="6"/><path d="M430 340 l40 60 M470 330 l40 60 M510 345 l35 55" stroke="#fff" stroke-width="12"/>`,
  bottle: (c) =>
    `<rect x="440" y="130" width="120" height="90" rx="15" fill="#555"/><path d="M430 220 h140 q60 60 60 140 v320 q0 40 -40 40 h-180 q-40 0 -40 -40 v-320 q0 -80 60 -140 Z" fill="${c}"/><rect x="390" y="420" width="220" height="140" fill="#c9a45c"/>${lettering(500, 515, 64, 'H2O')}`,
  lamp: (c) =>
    `<path d="M350 200 h300 l80 220 h-460 Z" fill="${c}"/><rect x="485" y="420" width="30" height="260" fill="#444"/><ellipse cx="500" cy="690" rx="150" ry="35" fill="#444"/>`,
  backpack: (c) =>
    `<rect x="320" y="200" width="360" height="480" rx="90" fill="${c}"/><rect x="370" y="430" width="260" height="180" rx="30" fill="#00000030"/><path d="M420 200 q80 -110 160 0" fill="none" stroke="#333" stroke-width="25"/>`,
  watch: (c) =>
    `<rect x="440" y="120" width="120" height="660" rx="30" fill="${c}"/><circle cx="500" cy="450" r="170" fill="#ddd" stroke="#333" stroke-width="18"/><path d="M500 450 v-110 M500 450 h80" stroke="#222" stroke-width="14" stroke-linecap="round"/>`,
  chair: (c) =>
    `<rect x="340" y="170" width="320" height="260" rx="30" fill="${c}"/><rect x="320" y="430" width="360" height="70" rx="20" fill="${c}"/><path d="M350 500 v230 M650 500 v230" stroke="#5a3d2b" stroke-width="30"/>`,
  plant: (c) =>
    `<path d="M370 500 h260 l-35 230 h-190 Z" fill="${c}"/><path d="M500 500 q-160 -120 -120 -300 q120 80 120 300 q40 -260 170 -290 q20 200 -170 290" fill="#3f8f4f"/>`,
  headphones: (c) =>
    `<path d="M300 520 v-90 a200 200 0 0 1 400 0 v90" fill="none" stroke="#333" stroke-width="40"/><rect x="250" y="480" width="110" height="190" rx="40" fill="${c}"/><rect x="640" y="480" width="110" height="190" rx="40" fill="${c}"/>`,
  tshirt: (c) =>
    `<path d="M380 190 q120 70 240 0 l180 100 -70 130 -70 -35 v360 h-360 v-360 l-70 35 -70 -130 Z" fill="${c}"/>${lettering(500, 420, 58, 'SUN')}`,
  cap: (c) =>
    `<path d="M260 520 a240 240 0 0 1 480 0 Z" fill="${c}"/><path d="M500 520 h330 q-40 70 -330 60 Z" fill="${c}" stroke="#00000033" stroke-width="8"/><circle cx="500" cy="285" r="18" fill="#333"/>`,
  candle: (c) =>
    `<rect x="380" y="330" width="240" height="360" rx="20" fill="${c}"/><path d="M500 330 v-40" stroke="#333" stroke-width="10"/><path d="M500 200 q45 60 0 95 q-45 -35 0 -95" fill="#f5a623"/><rect x="405" y="440" width="190" height="110" fill="#c9a45c"/>${lettering(500, 515, 60, 'SOY')}`,
};

/**
 * A word printed on the product, as real products carry a brand or a label: what the product
 * check reads and compares, and what the ProductAI emulator's text changes paint out or misprint.
 */
function lettering(x: number, y: number, size: number, word: string): string {
  return `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" font-weight="bold" text-anchor="middle" fill="#1f1f1f">${word}</text>`;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function productSvg(spec: ArtSpec): string {
  const backdrop = BACKDROPS[spec.view % BACKDROPS.length]!;
  // Later views zoom in and shift, like detail shots, framed above the caption: a product
  // drawn over its caption joined the two, and a scene generator would carry the caption along.
  const zoom = 1 + 0.18 * spec.view;
  const shift = spec.view % 2 === 0 ? 0 : 60;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 1000 1000" preserveAspectRatio="xMidYMid meet">
<rect x="-2000" y="-2000" width="5000" height="5000" fill="${backdrop}"/>
<ellipse cx="500" cy="760" rx="300" ry="40" fill="#00000018"/>
<clipPath id="above-caption"><rect x="-2000" y="-2000" width="5000" height="2820"/></clipPath>
<g clip-path="url(#above-caption)"><g transform="translate(${500 + shift} 450) scale(${zoom}) translate(-500 -450)">${SHAPES[spec.kind](spec.colour)}</g></g>
<text x="500" y="880" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="54" font-weight="bold" text-anchor="middle" fill="#2b2b2b">${escapeXml(spec.title)}</text>
<text x="500" y="940" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" text-anchor="middle" fill="#666">image ${spec.view + 1} of ${spec.views}</text>
</svg>`;
}

export async function renderProductImage(spec: ArtSpec): Promise<Buffer> {
  const image = sharp(Buffer.from(productSvg(spec)));
  if (spec.format === 'png') return image.png().toBuffer();
  if (spec.format === 'webp') return image.webp({ quality: 85 }).toBuffer();
  return image.jpeg({ quality: 86 }).toBuffer();
}
