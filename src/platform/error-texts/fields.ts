/**
 * The texts of a request's fields, the shop style's image, the experiments' and the callers'
 * refusals. Listed together in ../error-codes.ts.
 */
export const FIELD_TEXTS = {
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
  no_images:
    '“{{title}}” has no images. {{need}}: add an image to the product in Shopify. Nothing was charged.',
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
    one: 'The product already has a result made with these options (or cannot be made). Choose “Make products already done again” to make new ones.',
    other:
      'All {{count}} products already have a result made with these options (or cannot be made). Choose “Make products already done again” to make new ones.',
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
  photos_not_one_click: 'Several AI photos can be tested together only as results of one click.',
  held_by_campaign: 'The campaign “{{name}}” decides this product’s featured image until it ends.',
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
  stale_webhook: "Webhook rejected: triggered at {{at}}, older than Shopify's 48-hour retry window",
  webhook_not_stored: 'Webhook not stored; please redeliver',
  flow_unverified: 'Flow request not verified',
  flow_not_handled: 'Not handled; please retry.',
  flow_refused: '{{reason}}',
  flow_invalid_fields: 'Missing or invalid: {{fields}}.',
  webhook_source_refused: 'Only ProductAI may deliver to this URL.',
  webhook_url_unknown: 'No such webhook URL.',
  webhook_payload_invalid: '{{reason}}',
} as const;
