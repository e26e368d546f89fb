/**
 * The JSON contract between the app's server (`/api/*`, session-token auth) and its two kinds of
 * clients: the app home (web/frontend) and the admin action extensions (extensions/). Browser-safe:
 * zod only. The server validates request bodies with these schemas; clients use the types. One
 * file per feature, each re-exported here: a new feature's contract is a new file, its line
 * below and its routes in the list.
 *
 * Errors: every 4xx/5xx answer has the body `ApiErrorBody` (`error` is a stable code, `message` is
 * written for the merchant). 401 with header `X-Shopify-Retry-Invalid-Session-Request: 1` asks
 * App Bridge to retry with a fresh session token.
 *
 * Routes:
 *   GET    /api/session                         -> { shop }
 *   GET    /api/shop                            -> ShopView (the shop's clock: every date shown)
 *   GET    /api/settings                        -> SettingsView
 *   PATCH  /api/settings                        UpdateSettingsRequest -> SettingsView
 *   PUT    /api/settings/api-key                SaveApiKeyRequest -> SettingsView (400 invalid_api_key)
 *   DELETE /api/settings/api-key                -> SettingsView
 *   POST   /api/shop/resume                     -> SettingsView (resumes work paused for credits/key)
 *   PUT    /api/settings/style/reference        image bytes (JPEG/PNG/WebP) -> SettingsView
 *   POST   /api/settings/style/reference/from-generation  UseResultAsStyleRequest -> SettingsView
 *   DELETE /api/settings/style/reference        -> SettingsView
 *   GET    /api/products?query=&after=          -> ProductPage
 *   GET    /api/products/:id                    -> ProductDetail        (:id numeric or URL-encoded gid)
 *   GET    /api/collections/:id                 -> CollectionSummary
 *   POST   /api/generations/estimate            CreateGenerationRequest -> Estimate
 *   POST   /api/generations                     CreateGenerationRequest -> CreatedGeneration (202)
 *                                                (the first option when several were asked for;
 *                                                header Idempotency-Key: see IDEMPOTENCY_KEY)
 *   GET    /api/generations?state=&bulkRunId=&productId=&fidelity=&cursor=&limit= -> GenerationPage
 *   GET    /api/generations/:id                 -> GenerationView
 *   POST   /api/generations/:id/approve|reject|undo|cancel -> GenerationView
 *   POST   /api/generations/:id/retry           RetryGenerationRequest? -> GenerationView (202, the new one)
 *   GET    /api/option-groups/:id               -> OptionGroupView
 *   POST   /api/option-groups/:id/choose        ChooseOptionsRequest -> OptionGroupView
 *   POST   /api/review-batches                  CreateReviewBatchRequest -> ReviewBatchView (202)
 *                                                (409 flagged_results: see ApproveFlagged)
 *   GET    /api/review-batches/:id              -> ReviewBatchView
 *   POST   /api/variant-sets/:id/decision       DecideVariantSetRequest -> VariantSetView
 *   POST   /api/bulk-runs/estimate              BulkRunTarget & params -> BulkEstimate
 *   POST   /api/bulk-runs                       CreateBulkRunRequest -> BulkRunView (202)
 *   GET    /api/bulk-runs                       -> { bulkRuns: BulkRunView[] }
 *   GET    /api/bulk-runs/:id                   -> BulkRunView
 *   POST   /api/bulk-runs/:id/pause|resume|cancel -> BulkRunView
 *   GET    /api/overview                        -> OverviewView
 *   POST   /api/setup-guide/dismiss             -> SetupGuideView
 *   GET    /api/unclaimed-results               -> UnclaimedResultList (unclaimed-results.ts)
 *   POST   /api/unclaimed-results/:jobId/attach AttachUnclaimedRequest -> GenerationView (202)
 *   /api/campaigns...                          see campaigns.ts (it builds on these schemas)
 *   /api/rules, /api/rules-cap                 see rules.ts
 */
export * from './api-error.ts';
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
