/**
 * The JSON contract between the app's server (`/api/*`, session-token auth) and its two kinds of
 * clients: the app home (web/frontend) and the admin action extensions (extensions/). Browser-safe:
 * zod only. The server validates request bodies with these schemas; clients use the types. One
 * file per feature, each re-exported here: a new feature's contract is a new file, its line
 * below and its routes in the list.
 *
 * Errors: every 4xx/5xx answer has the body `ApiErrorBody` (`error` is a stable code with its
 * `params`, translated by the clients; `message` is its English: api-error.ts). 401 with header
 * `X-Shopify-Retry-Invalid-Session-Request: 1` asks App Bridge to retry with a fresh session token.
 *
 * Routes, every one the server has under /api (each feature's file says what its shapes mean):
 *  the session and the shop (shop.ts):
 *   GET    /api/session                         -> { shop }
 *   GET    /api/shop                            -> ShopView (the shop's clock: every date shown)
 *  settings.ts (the style reference: shop-style.ts):
 *   GET    /api/settings                        -> SettingsView
 *   PATCH  /api/settings                        UpdateSettingsRequest -> SettingsView
 *   PUT    /api/settings/api-key                SaveApiKeyRequest -> SettingsView (400 invalid_api_key)
 *   DELETE /api/settings/api-key                -> SettingsView
 *   POST   /api/shop/resume                     -> SettingsView (resumes work paused for credits/key)
 *   PUT    /api/settings/style/reference        image bytes (JPEG/PNG/WebP) -> SettingsView
 *   POST   /api/settings/style/reference/from-generation  UseResultAsStyleRequest -> SettingsView
 *   DELETE /api/settings/style/reference        -> SettingsView
 *  products.ts:
 *   GET    /api/products?query=&after=          -> ProductPage
 *   GET    /api/products/:id                    -> ProductDetail        (:id numeric or URL-encoded gid)
 *   GET    /api/collections/:id                 -> CollectionSummary
 *  generations.ts:
 *   POST   /api/generations/estimate            CreateGenerationRequest -> Estimate
 *   POST   /api/generations                     CreateGenerationRequest -> CreatedGeneration (202)
 *                                                (the first option when several were asked for;
 *                                                header Idempotency-Key: see IDEMPOTENCY_KEY)
 *   GET    /api/generations?state=&bulkRunId=&productId=&fidelity=&cursor=&limit= -> GenerationPage
 *   GET    /api/generations/:id                 -> GenerationView
 *   POST   /api/generations/:id/approve|reject|undo|cancel -> GenerationView
 *   POST   /api/generations/:id/retry           RetryGenerationRequest? -> GenerationView (202, the new one)
 *  review.ts:
 *   GET    /api/option-groups/:id               -> CandidateGroupView
 *   POST   /api/option-groups/:id/choose        ChooseCandidatesRequest -> CandidateGroupView
 *   POST   /api/variant-sets/:id/decision       DecideVariantSetRequest -> VariantSetView
 *   POST   /api/review-batches                  CreateReviewBatchRequest -> ReviewBatchView (202)
 *                                                (409 flagged_results: see ApproveFlagged)
 *   GET    /api/review-batches/:id              -> ReviewBatchView
 *  bulk-runs.ts:
 *   POST   /api/bulk-runs/estimate              BulkRunTarget & params -> BulkEstimate
 *   POST   /api/bulk-runs                       CreateBulkRunRequest -> BulkRunView (202)
 *   GET    /api/bulk-runs                       -> { bulkRuns: BulkRunView[] }
 *   GET    /api/bulk-runs/:id                   -> BulkRunView
 *   POST   /api/bulk-runs/:id/pause|resume|cancel -> BulkRunView
 *  campaigns.ts:
 *   GET    /api/campaigns                       -> CampaignList
 *   POST   /api/campaigns                       CreateCampaignRequest -> CampaignView (202)
 *   GET    /api/campaigns/:id                   -> CampaignView
 *   POST   /api/campaigns/:id/cancel            -> CampaignView (before the start only)
 *   POST   /api/campaigns/:id/end               -> CampaignView (live: restores at once)
 *  rules.ts:
 *   GET    /api/rules                           -> RulesOverview (rules with their last results,
 *                                                the cap)
 *   POST   /api/rules                           SaveRuleRequest -> RuleView
 *   PUT    /api/rules/:id                       SaveRuleRequest -> RuleView
 *   PATCH  /api/rules/:id                       SetActiveRequest -> RuleView (pause / resume)
 *   DELETE /api/rules/:id                       -> 204
 *   PUT    /api/rules-cap                       SetDailyCapRequest -> RulesOverview
 *  overview.ts:
 *   GET    /api/overview                        -> OverviewView
 *   POST   /api/setup-guide/dismiss             -> SetupGuideView
 *  unclaimed-results.ts:
 *   GET    /api/unclaimed-results               -> UnclaimedResultList
 *   POST   /api/unclaimed-results/:jobId/attach AttachUnclaimedRequest -> GenerationView (202)
 *  experiments.ts:
 *   GET    /api/experiments                     -> ExperimentList
 *   POST   /api/experiments                     StartExperimentRequest -> ExperimentView (201)
 *   GET    /api/experiments/:id                 -> ExperimentView
 *   GET    /api/experiments/:id/days            -> ExperimentDays
 *   POST   /api/experiments/:id/stop            StopExperimentRequest -> ExperimentView
 *   POST   /api/experiments/:id/keep-winner     -> ExperimentView
 *  web-vitals.ts:
 *   POST   /api/web-vitals                      WebVitalsReport -> 204 (at most 4 KB)
 */
export * from './api-error.ts';
export type { ErrorCode, TextParam, TextParams, TimeParam } from './error-codes.ts';
export * from './ids.ts';
export * from './generations.ts';
export * from './result-checks.ts';
export * from './review.ts';
export * from './variant-sets.ts';
export * from './bulk-runs.ts';
export * from './campaigns.ts';
export * from './rules.ts';
export * from './settings.ts';
export * from './shop-style.ts';
export * from './products.ts';
export * from './shop.ts';
export * from './overview.ts';
export * from './unclaimed-results.ts';
export * from './experiments.ts';
export * from './web-vitals.ts';
