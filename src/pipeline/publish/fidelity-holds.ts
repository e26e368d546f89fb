/**
 * What the fidelity check decides (fidelity-step.ts writes the report): a result the check calls
 * `changed` (with the shop's guard on `check_it`, also `check it`) waits in review with the
 * reason, whatever else would publish it: the shop's review setting, a bulk run, a rule, a Flow
 * action or a campaign. The composition root puts this hold first (firstOfHolds), so no other
 * hold can publish such a result; once the merchant approves it, the others decide as usual.
 * The shop's guard `off` leaves the decision to them and the settings (the report is still kept
 * and shown).
 *
 * A repeat decides the same: the report is read from the record, never checked again, and the
 * guard is read from the settings each time (a merchant who turns it off releases nothing
 * already held: held results wait for their approval).
 */
import type { ShopSettingsStore } from '../../stores/shop-settings.ts';
import type { FidelityRecord } from '../generations/generation.ts';
import { wasApprovedByMerchant, type ResultHolds } from './result-holds.ts';

/** "Held for review: colour differs: ΔE 14 on the body". */
export function fidelityHoldNote(report: FidelityRecord): string {
  const why =
    report.findings.length > 0
      ? report.findings.join('; ')
      : report.verdict === 'changed'
        ? 'the product looks changed'
        : 'the product needs a look';
  return `Held for review: ${why}`;
}

export function createFidelityHolds(settings: Pick<ShopSettingsStore, 'get'>): ResultHolds {
  return {
    async placementOf(generation) {
      const report = generation.fidelity;
      if (!report || wasApprovedByMerchant(generation)) return null;
      if (report.verdict !== 'changed' && report.verdict !== 'check_it') return null;
      const { fidelityGuard } = await settings.get(generation.shop);
      const held =
        fidelityGuard === 'check_it' ||
        (fidelityGuard === 'changed' && report.verdict === 'changed');
      return held ? { hold: true, note: fidelityHoldNote(report) } : null;
    },
  };
}
