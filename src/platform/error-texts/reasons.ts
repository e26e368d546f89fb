/**
 * The texts the server stores with a record or shows beside it: a generation's reason and action,
 * a channel's failed rule, a bulk run's card line. Listed together in ../error-codes.ts.
 */
export const REASON_TEXTS = {
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
  run_expired: 'Cancelled after {{period}} paused; nothing was charged for what it had not made.',
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
  action_kept_in_files:
    'The result is kept in Content > Files; add it to the product from there, or retry.',
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
  reason_attached_already: 'This result (ProductAI job {{job}}) was attached to a product already.',
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
  waiting_productai_limit:
    "ProductAI is limiting this account's requests — the result is read again by {{time}}.",
  waiting_shopify_until:
    'Waiting for Shopify to come back — saved as soon as it answers. The app keeps trying until {{time}}.',
  waiting_productai_until:
    'Waiting for ProductAI to come back — the result is read as soon as it answers. The app keeps trying until {{time}}.',
  waiting_productai_send:
    'Waiting for ProductAI to come back — the request is sent as soon as it answers; nothing was charged.',
  waiting_productai_limit_send:
    "ProductAI is limiting the app's requests until {{time}} — this one is sent then, in its turn; nothing was charged.",
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
  action_retry_lower_resolution: 'Retry the generation; if it fails again, try a lower resolution.',
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
} as const;
