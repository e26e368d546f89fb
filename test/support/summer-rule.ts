/** The rule the rules tests save: a photo, for review, of new products tagged "summer". */
import type { SaveRuleRequest } from '../../src/app-api/rules.ts';

export const SUMMER_RULE: SaveRuleRequest = {
  name: 'Summer dresses',
  active: true,
  match: { collections: [], tags: ['summer'], productTypes: [], vendors: [] },
  kind: 'photo',
  presetId: null,
  params: { prompt: 'On a sunny beach', model: 'nanobanana2' },
  options: 1,
  imagesSent: 1,
  destination: 'review',
  dailyCap: 1000,
};
