/**
 * A colour in plain words ("red", "dark blue", "grey"): the product check names the part that
 * changed with it, and the alt text a result's plain background. The hue's family, not a shade
 * name: a shopper and a merchant both say "teal", nobody "lightseagreen".
 */
import type { CodedText } from './error-codes.ts';

/** The hue and grey families colourName names, each once. */
export const COLOUR_FAMILIES = [
  'white',
  'black',
  'grey',
  'pink',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'purple',
] as const;
export type ColourFamily = (typeof COLOUR_FAMILIES)[number];

/** A CIELAB (D65) colour's words. */
export function colourName(c: { l: number; a: number; b: number }): string {
  const chroma = Math.hypot(c.a, c.b);
  if (chroma < 10) return c.l > 80 ? 'white' : c.l < 25 ? 'black' : 'grey';
  const hue = ((Math.atan2(c.b, c.a) * 180) / Math.PI + 360) % 360;
  const names: [number, ColourFamily][] = [
    [20, 'pink'],
    [50, 'red'],
    [75, 'orange'],
    [100, 'yellow'],
    [160, 'green'],
    [220, 'teal'],
    [290, 'blue'],
    [330, 'purple'],
    [360, 'pink'],
  ];
  const name = names.find(([limit]) => hue < limit)![1];
  return c.l < 35 ? `dark ${name}` : name;
}

/**
 * A name colourName gives, coded for the merchant's language ("dark blue": `colour_dark` around
 * `colour_blue`); null for words it does not give.
 */
export function colourText(name: string): CodedText | null {
  const dark = name.startsWith('dark ');
  const family = dark ? name.slice('dark '.length) : name;
  if (!(COLOUR_FAMILIES as readonly string[]).includes(family)) return null;
  const colour: CodedText = { code: `colour_${family as ColourFamily}` };
  return dark ? { code: 'colour_dark', params: { colour } } : colour;
}
