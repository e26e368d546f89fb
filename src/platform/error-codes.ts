/**
 * Every code the API answers an error with (and a field problem, an estimate's problem), with the
 * English it stands for (a plural's forms picked by its `count`, as the locale files do).
 * `{{name}}` stands for a parameter the answer carries in `params`: a number, the shop's own
 * words (a product's title), or a coded text of its own (the kind of a model, translated in
 * turn). The one error family (errors.ts) writes its English message from this table; the app
 * home and the extensions write the merchant's language from `errors.<code>` in their locale
 * files, so a reworded English message still translates (test/web/error-codes.test.ts holds
 * every locale file to this list and its placeholders). Clients read it through
 * src/app-api/error-codes.ts. No imports: the platform and the browser bundles share it.
 */
export const ERROR_TEXT = {
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

  // A request's fields (each a field problem; the answer's own code lists them).
  invalid_generation: 'Some fields are not valid.',
  invalid_rule: 'Some fields are not valid.',
  invalid_settings: 'Some fields are not valid.',
  invalid_bulk_run: 'Some fields are not valid.',
  invalid_product: 'Some fields are not valid.',
  daily_cap_below_cost: 'The daily cap is below what one product costs.',
  daily_cap_required: 'Set a daily credit cap: automatic photos never spend more than it a day.',
  rule_cost_below_cap:
    'A {{kind}} with this rule costs {{cost}} credits; the daily cap must be at least {{cost}}.',
  named_rule_cost_below_cap:
    'A {{kind}} with the rule “{{name}}” costs {{cost}} credits; the daily cap must be at least {{cost}}.',
  rule_options_cost_below_cap:
    'A product with this rule costs {{cost}} credits ({{options}} options of {{perResult}}); the daily cap must be at least {{cost}}.',
  named_rule_options_cost_below_cap:
    'A product with the rule “{{name}}” costs {{cost}} credits ({{options}} options of {{perResult}}); the daily cap must be at least {{cost}}.',
  unknown_image_model: 'Unknown image model “{{model}}”.',
  aspect_ratio_refused: '{{model}} does not take the aspect ratio {{aspectRatio}}.',
  resolution_refused: 'The resolution must be one of {{resolutions}}.',
  preset_duplicate: 'Two presets have the same id.',
  variants_photos_only: 'One result per variant is made for photos only.',
  variants_one_option:
    'One result per variant makes one result for each value: ask for one option.',
  variants_no_chosen_image:
    'One result per variant is made from each variant’s own image: choose no image.',
  no_such_option: '“{{title}}” has no option “{{option}}” (its options: {{options}}).',
  no_variant_image:
    'No {{option}} of “{{title}}” has an image of its own: add one to each variant in Shopify, or make one photo for the product.',
  upscale_one_result:
    'An upscale has one result: the same image each time, so there is nothing to choose among.',
  image_gone:
    'One of the chosen images is no longer on “{{title}}”. Reload the product and choose its images again.',
  unknown_model: 'Unknown {{kind}} model “{{model}}”: choose one of {{models}}.',
  choose_images: {
    one: '{{need}}: choose one of the images of “{{title}}”.',
    other: '{{need}}: choose {{count}} of the images of “{{title}}”.',
  },
  no_images: '“{{title}}” has no images. {{need}}: add an image to the product in Shopify. Nothing was charged.',
  no_images_or_model:
    '“{{title}}” has no images. {{need}}: add an image to the product in Shopify, or choose a model that works without one ({{models}}). Nothing was charged.',
  upscale_needs_image: 'Upscaling needs one of the product’s images',
  model_needs_images: {
    one: 'The {{kind}} model “{{model}}” needs at least one product image',
    other: 'The {{kind}} model “{{model}}” needs at least {{count}} product images',
  },
  kind_needs_images: {
    one: 'The {{kind}} model needs at least one product image',
    other: 'The {{kind}} model needs at least {{count}} product images',
  },
  images_per_product: 'This {{what}} needs at least {{count}} image per product.',
  budget_too_small: 'The budget does not cover a single product ({{credits}} credits each).',
  no_products: '“{{title}}” has no products.',
  nothing_to_make: 'There is nothing to make with these options.',
  products_lack_images: {
    one: 'The product lacks the images these options need: there is nothing to make.',
    other: 'All {{count}} products lack the images these options need: there is nothing to make.',
  },
  products_done: {
    one: 'The product already has a result made with these options (or cannot be made). Choose “Make them again” to make new ones.',
    other:
      'All {{count}} products already have a result made with these options (or cannot be made). Choose “Make them again” to make new ones.',
  },
  start_not_date: 'The start is not a date.',
  end_not_date: 'The end is not a date.',
  end_before_start: 'The end must come after the start.',
  end_passed: 'The end has already passed.',

  // The shop style's image.
  invalid_style_image: 'The style image must be a JPEG, PNG or WebP.',
  style_image_over_10mb: 'The style image must be under 10 MB.',
  style_image_too_large:
    'The style image is {{size}} pixels; it must be at most {{count}} megapixels.',
  choose_image_type: 'Choose a JPEG, PNG or WebP image.',
  choose_image_under_10mb: 'Choose an image under 10 MB.',
  choose_smaller_image: 'Choose an image of at most {{count}} megapixels.',
  no_photo_result: 'Only a finished photo can become the shop style.',
  generation_has_no_photo: 'This generation has no photo result.',
  result_unavailable: 'The photo could not be fetched from ProductAI. Try again in a minute.',

  // Experiments: the merchant's refusals, then the storefront pixel's.
  not_published: 'Only AI photos published on the product can be tested.',
  held_by_campaign:
    'The campaign “{{name}}” decides this product’s featured image until it ends.',
  no_original: 'The product has no original featured image to test against.',
  image_not_ready: 'An image of the experiment is not on Shopify (yet).',
  in_experiment: 'in experiment {{experiment}}',
  unknown_experiment: 'No experiment {{experiment}} takes events for {{shop}}.',
  experiment_ended: 'Experiment {{experiment}} takes no more events.',
  unknown_arm: 'Experiment {{experiment}} has no arm {{arm}}.',
  not_an_arm: 'not an arm of this experiment',
  other_arm: 'Visitor {{visitor}} counts in another arm of experiment {{experiment}}.',

  // Shopify's and Flow's calls (no merchant reads these; their senders log them).
  webhook_unverified: 'Webhook rejected: {{detail}}',
  bad_webhook: 'Webhook rejected: {{reason}}',
  stale_webhook:
    "Webhook rejected: triggered at {{at}}, older than Shopify's 48-hour retry window",
  webhook_not_stored: 'Webhook not stored; please redeliver',
  flow_unverified: 'Flow request not verified',
  flow_not_handled: 'Not handled; please retry.',

  // A generation's reason and action, stored with its record (the view gives both coded).
  reason_rejected: 'Rejected in review.',
  reason_undone: 'Undone: removed from the product, kept in Files.',
  wait_cap_reached: "Waiting: today's cap of {{cap}} credits is reached; continues tomorrow.",
  action_daily_cap: 'Raise the daily cap in Settings → Automatic photos to run it today.',
  wait_cap_below_cost:
    "Waiting: today's cap of {{cap}} credits is below this rule's {{cost}} per {{per}}.",
  per_product_options: 'product ({{count}} options)',
  action_raise_cap:
    'Raise the daily cap to at least {{cost}} credits in Settings → Automatic photos.',
  rule_at_cap:
    'Not made: this store had {{cap}} generations in progress or waiting for review, its limit, when the product arrived. Nothing was charged.',
  action_free_places:
    'Approve or reject the results waiting in Activity to free places, then retry this one.',
  period_days: { one: '{{count}} day', other: '{{count}} days' },
  expired_in_review:
    'Expired after {{period}} waiting for review: not added to the product. The result is kept in Content > Files.',
  expired_paused:
    'Cancelled after {{period}} paused. Nothing was charged; make it again when you are ready.',
  expired_with_run: 'Cancelled with its bulk run, paused for {{period}}. Nothing was charged.',
  run_expired:
    'Cancelled after {{period}} paused; nothing was charged for what it had not made.',
  try_at_cap_held:
    'Not made again: this store had {{cap}} generations in progress or waiting for review, its limit. This result waits for your review instead.',
  try_closer_kept:
    'Changed like the others; try {{try}} is closer to the product and waits for review.',
  duration_seconds: { one: '{{count}} second', other: '{{count}} seconds' },
  duration_minutes: { one: '{{count}} minute', other: '{{count}} minutes' },
  duration_hours: { one: '{{count}} hour', other: '{{count}} hours' },
  reason_shopify_silent: 'Shopify did not answer for {{time}}, so the result could not be saved.',
  reason_productai_silent:
    'ProductAI did not answer for {{time}}, so the result of job {{job}} could not be read.',
  action_save_again: 'Save it again: ProductAI keeps it, no new credits.',
  reason_no_delivery:
    'ProductAI did not deliver a result within {{time}} (job {{job}}). It may still have charged the credits.',
  key_gone:
    'The ProductAI key this {{kind}} was sent with has been replaced or removed since, so the app can no longer read its result (job {{job}}). ProductAI charged it when it was sent; the app does not send it again, so nothing is charged twice.',
  key_refused:
    'ProductAI no longer accepts the key this {{kind}} was sent with, so the app cannot read its result (job {{job}}). ProductAI charged it when it was sent; the app does not send it again, so nothing is charged twice.',
  action_find_result: 'Find the result in your ProductAI account, or try again.',
  reason_file_deleted: 'The result was deleted from Files before it could be added to the product.',
  reason_no_result_file: 'ProductAI reported no result file for this generation.',
  action_fix_product: 'Fix the product, then retry this generation.',
  style_video: 'Videos are made without the style image: a video shows every image it is sent.',
  style_upscale: 'An upscale keeps the image as it is.',
  style_unknown_model: 'Unknown model.',
  style_one_image:
    'This model takes one image, so the style image is not sent (the style phrase is).',
  style_no_room:
    "This model takes up to {{max}} images and all {{max}} are the product's, so the style image is not sent.",
  style_key_refused: 'ProductAI did not accept the key, so the style image was not sent.',
  bulk_run_at_cap:
    'Waiting: this store has {{cap}} generations in progress or waiting for review, its limit. The run goes on by itself as they finish; approving or rejecting the results waiting in Activity frees places sooner.',
  value_no_image:
    '{{option}} “{{value}}” has no image of its own, so it was skipped: a photo of another {{other}} would show the wrong one. Add an image to its variant in Shopify.',
  channel_failure: '{{name}}: {{rule}}',
  channel_storefront: 'Storefront',
  channel_min_side: 'smaller than {{min}} × {{min}} pixels (it is {{size}})',
  channel_min_long_side: 'under {{min}} pixels on its longest side (it is {{size}})',
  channel_aspect:
    "not the aspect ratio of the shop's product images ({{expected}}; it is {{actual}})",
  channel_border: 'has a border around the image',
  channel_text: 'has text outside the product ({{text}})',
  channel_white: 'the background is not pure white (RGB 255, 255, 255)',
  channel_share: 'the product fills {{share}} % of the frame, under {{min}} %',
  channel_ai_mark: 'the file does not say it is AI-made (IPTC DigitalSourceType)',
  reason_bulk_paused: 'Paused with its bulk run.',
  action_bulk_resume: 'Resume the bulk run to continue.',
  reason_bulk_cancelled: 'Cancelled with its bulk run; nothing was charged.',
  reason_campaign_ended: 'The campaign ended: removed from the product, kept in Files.',
  reason_campaign_never_shown: 'The campaign ended before this result went live: discarded.',
  reason_productai_unreachable:
    'ProductAI could not be reached after several tries; nothing was charged.',
  reason_check_failed: 'The app could not check on the result at ProductAI after several tries.',
  reason_not_saved: 'The result could not be saved to Shopify after several tries.',
  reason_not_confirmed: 'Shopify did not confirm the saved result after several tries.',
  reason_job_error: 'ProductAI could not make this {{kind}} (job {{job}} ended with an error).',
  reason_refused: 'ProductAI refused the request: {{details}}',
  reason_would_refuse: 'ProductAI would refuse this request: {{details}}',
  reason_attached_already:
    'This result (ProductAI job {{job}}) was attached to a product already.',
  reason_uncertain:
    'The request may have reached ProductAI, but no answer came back, so the app cannot tell whether it was charged.',
  action_uncertain:
    'Nothing to do: the app is checking with ProductAI and nothing will be charged twice. It adds the result when it is ready, or sends the request again only if ProductAI never received it.',
  reason_key_changed:
    'The ProductAI key was changed after this request was sent, so the app cannot check the account it went to. It is not sent again, so nothing is charged twice.',
  action_key_changed:
    'Save the previous ProductAI key again and the app finishes the check on its own, or cancel: a result that still arrives waits under Unclaimed results in Activity.',
  reason_uncertain_cancelled:
    'Cancelled while the app was checking with ProductAI. It was not sent again, so nothing was charged twice.',
  action_uncertain_cancelled:
    'If ProductAI still delivers the result, it waits under Unclaimed results in Activity: attach it to a product there without paying again.',
  pause_out_of_credits:
    'Your ProductAI account is out of credits, so work for this shop is paused.',
  pause_out_of_credits_action:
    'Add credits to your ProductAI account, then resume the paused work.',
  pause_invalid_key:
    'ProductAI rejected the API key (invalid or inactive), so work for this shop is paused.',
  pause_invalid_key_action:
    'Save a new key from the API access page of ProductAI in Settings, then resume.',
  pause_missing_key: 'No ProductAI API key is saved, so work for this shop is paused.',
  pause_missing_key_action: 'Save your ProductAI API key in Settings, then resume.',
  waiting_shopify: 'Waiting for Shopify to come back — saved as soon as it answers.',
  waiting_productai:
    'Waiting for ProductAI to come back — the result is read as soon as it answers.',
  shopify_said: '{{reason}} Shopify said: “{{detail}}”.',
  media_download_image: 'Shopify could not download the generated image.',
  media_download_file: 'Shopify could not download the generated file.',
  media_process_image: 'Shopify could not process the generated image.',
  media_process_result: 'Shopify could not process the result.',
  media_too_large_mb: 'The generated image is larger than Shopify accepts (20 MB).',
  media_too_large_px:
    'The generated image is larger than Shopify accepts (20 megapixels, 4472 px a side).',
  media_shape: 'Shopify does not accept the shape of the generated image.',
  media_type: 'Shopify does not accept the type of the generated image.',
  media_storage: 'Your store has reached its file storage limit.',
  media_too_slow: 'Shopify took too long to process the result.',
  video_long: 'The generated video is longer than Shopify allows for product media.',
  video_short: 'The generated video is shorter than Shopify allows for product media.',
  video_wide: 'The generated video is wider than Shopify allows.',
  video_tall: 'The generated video is taller than Shopify allows.',
  video_narrow: 'The generated video is narrower than Shopify allows.',
  video_short_height: 'The generated video is shorter in height than Shopify allows.',
  action_retry: 'Retry the generation.',
  action_retry_lower_resolution:
    'Retry the generation; if it fails again, try a lower resolution.',
  action_retry_aspect: 'Retry with another aspect ratio.',
  action_retry_format: 'Retry with the other output format (PNG or JPG).',
  action_delete_files: 'Delete files you no longer need in Content > Files, then retry.',
  action_retry_shorter: 'Retry with a shorter duration.',
  action_retry_longer: 'Retry with a longer duration.',
  action_retry_lower_video: 'Retry with a lower video resolution.',
  action_retry_higher_video: 'Retry with a higher video resolution.',
  action_try_again: 'Try again.',
  action_try_again_later: 'Try again later.',
  action_change_params: 'Change the parameters and try again.',
  action_check_job: 'Check the job in your ProductAI account, or try again.',
  action_check_media: 'Check the product media, or try again.',
  action_try_another: 'Try again, perhaps with another prompt or model.',

  // The models' words and the options' labels (models.ts).
  works_up_to: 'uses up to {{max}} of your images',
  works_one: 'uses one of your images',
  works_any: 'works with or without your images',
  desc_balanced: 'Recommended balance of quality and speed.',
  desc_highest: 'Highest quality.',
  desc_previews: 'Fast, for previews.',
  desc_edit_best: 'Editing, highest quality.',
  desc_edit_fast: 'Editing, fast.',
  desc_artistic: 'Creative and artistic styles.',
  desc_context: 'Context-aware editing.',
  desc_context_max: 'Maximum context awareness.',
  desc_no_image: 'Works without a product image.',
  desc_high: 'High quality.',
  desc_medium: 'Medium quality.',
  desc_low: 'Low quality, cheap drafts.',
  desc_seedance: 'Text-to-video or reference-to-video, up to 4k, with a soundtrack.',
  desc_omni: 'Reference-to-video at 720p, cheapest per second.',
  option_square: 'Square',
  option_landscape: 'Landscape',
  option_portrait: 'Portrait',
  option_auto: 'Automatic',
  option_1k: '1K (1,024 px)',
  option_2k: '2K (2,048 px)',
  option_4k: '4K (4,096 px)',
  option_png: 'PNG (best quality)',
  option_jpg: 'JPG (smaller files)',

  // Words other texts hold as parameters, and the models' plain names (models.ts).
  model_balanced: 'Balanced',
  model_best: 'Best',
  model_fast: 'Fast',
  model_best_edits: 'Best for edits',
  model_fast_edits: 'Fast edits',
  model_artistic: 'Artistic',
  model_precise_edits: 'Precise edits',
  model_precise_edits_best: 'Precise edits, best',
  model_from_description: 'From a description',
  model_from_description_earlier: 'From a description (earlier)',
  model_detailed: 'Detailed',
  model_standard: 'Standard',
  model_draft: 'Draft',
  model_video_sound: 'Video with sound',
  model_video_images: 'Video from your images',
  kind_photo: 'photo',
  kind_video: 'video',
  kind_upscale: 'upscale',
  kind_model: 'model',
  kind_upscaled_image: 'upscaled image',
  state_queued: 'queued',
  state_paused: 'paused',
  state_submitting: 'submitting',
  state_uncertain: 'uncertain',
  state_processing: 'processing',
  state_saving: 'saving',
  state_in_review: 'in review',
  state_published: 'published',
  state_failed: 'failed',
  state_cancelled: 'cancelled',
  state_discarded: 'discarded',
  campaign_scheduled: 'scheduled',
  campaign_live: 'live',
  campaign_ended: 'ended',
  campaign_cancelled: 'cancelled',
  run_running: 'running',
  run_paused: 'paused',
  run_cancelled: 'cancelled',
  experiment_state_running: 'running',
  experiment_state_ended: 'ended',
  done_approve: 'approved',
  done_reject: 'rejected',
  done_undo: 'undone',
  done_retry: 'retried',
  done_cancel: 'cancelled',
  run_pause_done: 'paused',
  run_resume_done: 'resumed',
  run_cancel_done: 'cancelled',
} as const;

export type ErrorCode = keyof typeof ERROR_TEXT;

/**
 * A parameter: a number, the shop's own words, a text of the server's (translated in turn), or a
 * list of these (joined with commas).
 */
export type TextParam = string | number | CodedText | readonly TextParam[];
export type TextParams = Readonly<Record<string, TextParam>>;

/** A text the server writes for the merchant, as its code and parameters. */
export interface CodedText {
  code: ErrorCode;
  params?: TextParams;
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_TEXT, code);
}

/** The English of a coded text, parameters in place (`count` picks a plural's form). */
export function englishText({ code, params = {} }: CodedText): string {
  const entry: string | { one: string; other: string } = ERROR_TEXT[code];
  const text = typeof entry === 'string' ? entry : params.count === 1 ? entry.one : entry.other;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : englishParam(value);
  });
}

function englishParam(value: TextParam): string {
  if (Array.isArray(value)) return value.map(englishParam).join(', ');
  return typeof value === 'object' ? englishText(value as CodedText) : String(value);
}
