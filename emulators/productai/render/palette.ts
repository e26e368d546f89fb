/**
 * Reads a scene's colours and mood from the prompt: the first theme word found (beach, sunset,
 * marble, night...) sets the backdrop, colour words (red, gold...) tint it, and mood words make
 * it darker or lighter. A prompt with none of them still gets its own stable colours, from a
 * hash of its text, so two different prompts give visibly different images.
 */

export interface Palette {
  /** Wall gradient, top to bottom. */
  wallTop: string;
  wallBottom: string;
  floor: string;
  /** Light, bokeh and podium highlights. */
  accent: string;
}

interface Theme extends Palette {
  words: string[];
}

const THEMES: Theme[] = [
  theme(['beach', 'sand', 'summer', 'tropical'], '#7ec8e3', '#fce9c8', '#e8cfa0', '#ffffff'),
  theme(['sunset', 'dusk', 'golden', 'warm'], '#ff7e5f', '#feb47b', '#6b3a2e', '#ffd27f'),
  theme(
    ['forest', 'nature', 'leaf', 'leaves', 'plant', 'plants', 'moss', 'garden', 'jungle'],
    '#2f5d3a',
    '#9cc59a',
    '#3e4a2c',
    '#d9f0c2',
  ),
  theme(
    ['ocean', 'sea', 'water', 'aqua', 'pool', 'underwater'],
    '#0f4c81',
    '#6fc3df',
    '#0b3954',
    '#e0fbfc',
  ),
  theme(
    ['marble', 'luxury', 'elegant', 'premium', 'jewelry'],
    '#f4f1ec',
    '#d9d4cc',
    '#bfb8ad',
    '#c9a227',
  ),
  theme(['night', 'dark', 'moody', 'noir', 'midnight'], '#0b0c10', '#1f2833', '#101114', '#66fcf1'),
  theme(
    ['studio', 'clean', 'minimal', 'minimalist', 'ecommerce'],
    '#ffffff',
    '#e9ecef',
    '#dee2e6',
    '#adb5bd',
  ),
  theme(['christmas', 'holiday', 'festive'], '#7a0b0b', '#1e4d2b', '#f2f2f2', '#ffd700'),
  theme(['winter', 'snow', 'ice', 'frost', 'snowy'], '#dfe9f3', '#ffffff', '#f5f9fc', '#8fb8de'),
  theme(['autumn', 'fall', 'pumpkin', 'harvest'], '#b5651d', '#f3c98b', '#5a3825', '#e76f51'),
  theme(['pastel', 'soft', 'spring', 'blossom'], '#fbc4ab', '#f8edeb', '#f4d7e0', '#b5e2fa'),
  theme(
    ['kitchen', 'coffee', 'wood', 'wooden', 'rustic', 'cafe', 'table'],
    '#e6d5c3',
    '#c8a27c',
    '#8b5e3c',
    '#3e2723',
  ),
  theme(['desert', 'canyon', 'dune', 'dunes'], '#f6bd60', '#f7ede2', '#d4a373', '#84a59d'),
  theme(
    ['neon', 'cyberpunk', 'city', 'urban', 'street'],
    '#240046',
    '#ff006e',
    '#10002b',
    '#00f5d4',
  ),
];

const COLOURS: Record<string, string> = {
  red: '#d62828',
  blue: '#1d4ed8',
  green: '#2a9d8f',
  yellow: '#f4d35e',
  orange: '#f77f00',
  purple: '#7b2cbf',
  violet: '#8f5fd7',
  pink: '#ff8fab',
  gold: '#d4af37',
  silver: '#c0c0c0',
  teal: '#008080',
  navy: '#14213d',
  beige: '#e9dcc9',
  brown: '#7f5539',
  grey: '#8d99ae',
  gray: '#8d99ae',
  black: '#111111',
  white: '#fafafa',
  cream: '#fff3e0',
  turquoise: '#40e0d0',
  lavender: '#b8a1e3',
  mint: '#98ddca',
  coral: '#ff7f50',
  burgundy: '#800020',
  emerald: '#2e8b57',
};

const DARKER = ['dark', 'moody', 'dramatic', 'shadow', 'shadows', 'night'];
const LIGHTER = ['bright', 'airy', 'light', 'sunny', 'fresh'];

export function paletteFor(prompt: string): Palette {
  const words = prompt.toLowerCase().match(/[a-z]+/g) ?? [];
  const found = words.map((word) => THEMES.find((t) => t.words.includes(word))).find(Boolean);
  const base: Palette = found ?? hashedPalette(prompt);
  const colours = words.map((word) => COLOURS[word]).filter((c): c is string => Boolean(c));
  const palette: Palette = { ...base };
  if (colours[0]) {
    palette.wallTop = mix(base.wallTop, colours[0], 0.65);
    palette.wallBottom = mix(base.wallBottom, colours[0], 0.35);
  }
  if (colours[1]) palette.accent = colours[1];
  const shift =
    (words.some((w) => DARKER.includes(w)) ? -0.35 : 0) +
    (words.some((w) => LIGHTER.includes(w)) ? 0.35 : 0);
  if (shift !== 0) {
    const target = shift < 0 ? '#000000' : '#ffffff';
    palette.wallTop = mix(palette.wallTop, target, Math.abs(shift));
    palette.wallBottom = mix(palette.wallBottom, target, Math.abs(shift));
    palette.floor = mix(palette.floor, target, Math.abs(shift));
  }
  return palette;
}

/** A stable 32-bit hash of a text (FNV-1a), used for colours and layout seeds. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function hashedPalette(prompt: string): Palette {
  const hue = hashText(prompt) % 360;
  return {
    wallTop: hsl(hue, 45, 70),
    wallBottom: hsl((hue + 25) % 360, 40, 88),
    floor: hsl(hue, 25, 55),
    accent: hsl((hue + 180) % 360, 60, 60),
  };
}

function theme(
  words: string[],
  wallTop: string,
  wallBottom: string,
  floor: string,
  accent: string,
): Theme {
  return { words, wallTop, wallBottom, floor, accent };
}

export function hsl(h: number, s: number, l: number): string {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) =>
    Math.round(255 * (light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)))));
  return toHex([channel(0), channel(8), channel(4)]);
}

export function mix(from: string, to: string, amount: number): string {
  const a = fromHex(from);
  const b = fromHex(to);
  return toHex(a.map((value, i) => Math.round(value + (b[i]! - value) * amount)));
}

function fromHex(hex: string): number[] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
}

export function toHex(rgb: number[]): string {
  return `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}
