/** How a job changes the product (a mis-edit on request, for the fidelity guard). */
export const CHANGE_KINDS = [
  'recolour',
  'warp',
  'reshape',
  'erase-text',
  'garble-text',
  'swap',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ProductChange {
  kind: ChangeKind;
  /** 0 (exclusive) to 1: how far the product is changed (change-product.ts gives each kind's range). */
  strength: number;
}
