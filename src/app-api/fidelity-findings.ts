/**
 * The words the product check's findings are made of that clients translate one by one: the
 * colour names it gives a part ("the dark blue part has another colour": `dark ` before one of
 * them for a dark part). The findings' wordings themselves: pipeline/generations/plain-findings.ts.
 */
export const FINDING_COLOURS = [
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
export type FindingColour = (typeof FINDING_COLOURS)[number];

/** "dark blue" → { colour: 'blue', dark: true }; null for a name the check does not give. */
export function findingColour(name: string): { colour: FindingColour; dark: boolean } | null {
  const dark = name.startsWith('dark ');
  const colour = (dark ? name.slice('dark '.length) : name) as FindingColour;
  return FINDING_COLOURS.includes(colour) ? { colour, dark } : null;
}
