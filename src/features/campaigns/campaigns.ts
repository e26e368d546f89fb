/**
 * The merchant's operations on campaigns, called by the API routes: create (a bulk run whose
 * results are held, and the start job), cancel before the start (nothing is ever shown; held
 * results are discarded and the run stops), end now (restored at once), and the view the app
 * home shows. Times come in on the shop's clock (its Shopify time zone) and are stored as
 * instants.
 */
import type { CampaignView, CreateCampaignRequest } from '../../app-api/campaigns.ts';
import { instantToZoned, zonedToInstant } from '../../app-api/zoned-time.ts';
import type { Clock } from '../../platform/clock.ts';
import { BulkRequestError, type BulkProblem, type BulkRuns } from '../bulk-runs/bulk-runs.ts';
import type { BulkRunStore } from '../bulk-runs/bulk-run-store.ts';
import type { GenerationStore, ParamDefaults } from '../../pipeline/index.ts';
import { atStake } from './at-stake.ts';
import { CampaignNotFoundError, runCampaign, type Campaign } from './campaign.ts';
import type { CampaignQueue } from './campaign-runner.ts';
import type { CampaignStore } from './campaign-store.ts';

export interface Campaigns {
  /** The shop's IANA time zone, from Shopify. */
  timeZone(shop: string): Promise<string>;
  /** `reviewFirst` decided: the merchant's choice, or else the shop's review setting. */
  create(
    shop: string,
    request: CreateCampaignRequest & { reviewFirst: boolean },
    defaults: ParamDefaults,
  ): Promise<Campaign>;
  cancel(shop: string, id: string): Promise<Campaign>;
  endNow(shop: string, id: string): Promise<Campaign>;
  view(campaign: Campaign): Promise<CampaignView>;
}

export interface CampaignsDeps {
  campaigns: CampaignStore;
  runs: BulkRuns;
  runStore: Pick<BulkRunStore, 'get'>;
  generations: Pick<GenerationStore, 'get'>;
  queue: CampaignQueue;
  clock: Clock;
  /** The shop's IANA time zone (src/shopify/shop-time-zone.ts). */
  timeZone(shop: string): Promise<string>;
}

export function createCampaigns(deps: CampaignsDeps): Campaigns {
  const { timeZone } = deps;

  function schedule(request: CreateCampaignRequest, zone: string) {
    const problems: BulkProblem[] = [];
    const startsAt = zonedToInstant(request.startsAt, zone);
    const endsAt = zonedToInstant(request.endsAt, zone);
    if (startsAt === null) problems.push({ field: 'startsAt', code: 'start_not_date' });
    if (endsAt === null) problems.push({ field: 'endsAt', code: 'end_not_date' });
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
      problems.push({ field: 'endsAt', code: 'end_before_start' });
    } else if (endsAt !== null && endsAt <= deps.clock.now()) {
      problems.push({ field: 'endsAt', code: 'end_passed' });
    }
    if (problems.length > 0) throw new BulkRequestError(problems);
    return { startsAt: startsAt!, endsAt: endsAt! };
  }

  async function ofShop(shop: string, id: string): Promise<Campaign> {
    const campaign = await deps.campaigns.get(shop, id);
    if (!campaign) throw new CampaignNotFoundError();
    return campaign;
  }

  return {
    timeZone,

    async create(shop, request, defaults) {
      const zone = await timeZone(shop);
      const { startsAt, endsAt } = schedule(request, zone);
      const { name, reviewFirst, startsAt: _start, endsAt: _end, ...bulkRequest } = request;
      let campaign: Campaign | undefined;
      await deps.runs.start(shop, bulkRequest, defaults, async (run) => {
        campaign = await deps.campaigns.create({
          shop,
          name,
          bulkRunId: run.id,
          timeZone: zone,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          reviewFirst,
        });
      });
      await deps.queue.schedule(shop, campaign!.id, 'start', startsAt);
      return campaign!;
    },

    async cancel(shop, id) {
      await ofShop(shop, id);
      const campaign = await deps.campaigns.setState(
        shop,
        id,
        ['scheduled'],
        'cancelled',
        'cancel',
      );
      await deps.queue.runNow(shop, id, 'end');
      return campaign;
    },

    async endNow(shop, id) {
      await ofShop(shop, id);
      const campaign = await deps.campaigns.setState(shop, id, ['live'], 'ended', 'end');
      await deps.queue.runNow(shop, id, 'end');
      return campaign;
    },

    async view(campaign) {
      const run = await deps.runStore.get(campaign.shop, campaign.bulkRunId);
      if (!run) throw new CampaignNotFoundError();
      const bulkRun = await deps.runs.view(run, runCampaign(campaign));
      const decisions = await deps.campaigns.decisions(campaign.shop, campaign.id);
      const edited = Object.entries(decisions).filter(([, decision]) => decision === 'edited');
      return {
        id: campaign.id,
        name: campaign.name,
        state: campaign.state,
        timeZone: campaign.timeZone,
        startsAt: campaign.startsAt,
        endsAt: campaign.endsAt,
        startsAtLocal: instantToZoned(Date.parse(campaign.startsAt), campaign.timeZone),
        endsAtLocal: instantToZoned(Date.parse(campaign.endsAt), campaign.timeZone),
        reviewFirst: campaign.reviewFirst,
        bulkRun,
        report: {
          held: bulkRun.counts.in_review,
          live: campaign.state === 'live' ? bulkRun.counts.published : 0,
          restored: Object.values(decisions).filter((decision) => decision === 'restore').length,
          editedByMerchant: await Promise.all(
            edited.map(async ([generationId]) => editedProduct(campaign, generationId)),
          ),
          settling:
            (campaign.state === 'live' && !campaign.released) ||
            ((campaign.state === 'ended' || campaign.state === 'cancelled') && !campaign.restored),
          atStake: atStake(run, bulkRun.counts),
        },
        startedAt: campaign.startedAt,
        endedAt: campaign.endedAt,
        createdAt: campaign.createdAt,
      };
    },
  };

  async function editedProduct(campaign: Campaign, generationId: string) {
    const generation = await deps.generations.get(campaign.shop, generationId);
    return {
      id: generation?.productId ?? generationId,
      title: generation?.productTitle ?? 'A deleted product',
    };
  }
}
