/**
 * The texts of an API refusal as a whole: the request, the services, what it names, its state, the
 * shop's limits. Listed together in ../error-codes.ts.
 */
export const ANSWER_TEXTS = {
  // The request itself.
  bad_request: 'The body is not JSON.',
  invalid_request: 'Some fields are not valid.',
  invalid_id: 'Not a valid {{name}}.',
  not_found: 'No such endpoint: {{method}} {{path}}',
  method_not_allowed: 'This method is not allowed here.',
  unsupported_media_type: 'This type of body is not accepted.',
  payload_too_large: 'The body is larger than {{size}}.',
  rate_limited: 'Too many requests at once. Wait a moment and try again.',
  internal_error: 'Something went wrong on our side. Reference: {{requestId}}',
  unauthorized: 'Your session has expired. Reload the app.',
  idempotency_key_reused:
    'This Idempotency-Key was sent with another request: send a new key for a new click.',
  idempotency_in_progress:
    'This click is still being processed: its generation appears in a moment.',

  // Shopify and ProductAI.
  shopify_rejected: '{{details}}',
  shopify_unavailable: 'Shopify is not responding. Try again in a minute.',
  api_key_missing: 'Save your ProductAI API key in Settings first.',
  api_key_invalid:
    'ProductAI rejected your API key. Save a new key from the API access page in Settings.',
  invalid_api_key:
    'ProductAI did not accept this key. Copy it again from the API access page of the ProductAI studio.',
  api_key_refused: 'ProductAI did not accept this key.',
  productai_unavailable: 'ProductAI could not be reached to check the key. Try again in a minute.',
  productai_would_refuse: '{{details}}',

  // What a request names, gone.
  product_not_found: 'This product is no longer in your store.',
  collection_not_found: 'This collection is no longer in your store.',
  generation_not_found: 'This generation does not exist.',
  bulk_run_not_found: 'This bulk run does not exist.',
  campaign_not_found: 'This campaign does not exist.',
  experiment_not_found: 'This experiment does not exist.',
  rule_not_found: 'This rule no longer exists. Reload the page.',
  rule_deleted: 'This rule was already deleted.',
  options_not_found: 'These options no longer exist.',
  batch_not_found: 'This batch is no longer known.',
  variant_set_not_found: 'This set of results no longer exists.',
  result_gone: 'This result is no longer waiting: it was attached, or it expired.',
  photo_not_on_product: 'This AI photo is not one of the product’s.',
  unknown_preset: 'This preset no longer exists. Choose another, or write the prompt.',

  // A state that does not allow the action now.
  invalid_state: 'This generation is {{state}} now, so it cannot be {{action}}.',
  generation_moved: 'This generation is {{state}} now, so it cannot be changed.',
  not_failed: 'Only a failed generation can be retried.',
  nothing_to_save: 'ProductAI made no result for this generation to save again: make a new one.',
  already_saving_again:
    'This result is being saved again already (generation {{generation}}): follow that one.',
  not_ready: 'Wait until every option is ready, then choose.',
  invalid_choice: 'Choose at least one option that is ready.',
  not_in_review: 'Some of these results are no longer waiting for review. Reload to see them.',
  one_per_value: 'Choose one result for {{value}}: its variants show one image.',
  flagged_results: {
    one: 'One of these results may not show the product as it is (the product check says changed or check it). Look at it, then confirm approving it.',
    other:
      '{{count}} of these results may not show the product as it is (the product check says changed or check it). Look at them, then confirm approving them.',
  },
  campaign_not_cancellable:
    'This campaign is {{state}}: only a campaign that has not started can be cancelled; end it instead.',
  campaign_not_live: 'This campaign is {{state}}: only a live campaign can be ended.',
  bulk_run_state: 'This bulk run is {{state}}, so it cannot be {{action}}.',
  experiment_not_running: 'This experiment is {{state}}: it cannot be stopped now.',
  experiment_no_winner_yet: 'This experiment is {{state}}: it has no winner to keep yet.',
  experiment_no_winner_waiting: 'This experiment has no winner waiting to be kept.',
  campaign_state: 'This campaign is {{state}}: it cannot {{action}} now.',

  // Limits of a shop.
  pending_generations_cap:
    'This store already has {{cap}} generations in progress or waiting for review, its limit. Each one published, rejected, cancelled or failed frees a place: approve or reject the results waiting in Activity, or wait for the work in progress to finish.',
  bulk_runs_cap:
    'This store already has {{cap}} bulk runs running, its limit. A run frees its place once it has read all its products, or when it is paused or cancelled.',
  variant_values_cap:
    'This product has {{values}} values of “{{option}}” with their own images; one request makes at most {{cap}}. Make the others one at a time, each from its own image.',
  too_many_rules: 'A shop can have {{max}} rules; delete one first.',
  experiments_at_cap: 'The shop runs {{max}} experiments already: stop one first.',
  product_in_experiment: 'This product already has an experiment: stop it before starting another.',
  product_in_other_experiment:
    'This product is in another experiment now: its end decides the featured image.',
} as const;
