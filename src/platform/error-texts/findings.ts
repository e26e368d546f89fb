/**
 * The product check's findings on a result (src/fidelity/verdict.ts), the reasons it could not
 * check one, and the colour words a finding names a part by (platform/colour-name.ts). Listed
 * together in ../error-codes.ts.
 */
export const FINDING_TEXTS = {
  finding_not_found: 'product not found: it may be missing or replaced by another object',
  finding_part_colour: 'the {{colour}} part has another colour',
  finding_product_colour: 'the product has another colour',
  finding_stretched: 'the product looks stretched',
  finding_shape: "the product's shape or detail changed",
  finding_detail: 'a logo, lettering or detail is missing or blurred',
  finding_lettering: "the lettering '{{text}}' is missing or changed",
  finding_lettering_unread: "the lettering '{{text}}' could not be read again: compare it by eye",
  finding_not_lined_up: 'the product could not be lined up with its photo: compare it by eye',
  finding_video: 'not checked: videos are not checked against the product',
  finding_not_checked: 'not checked: {{why}}',

  // Why a result was not checked (finding_not_checked's `why`).
  unchecked_off: 'the fidelity check is off on this worker',
  unchecked_shut_down: 'the fidelity check is shut down',
  unchecked_result_unread: 'the result could not be read',
  unchecked_result_image_unread: 'the result image could not be read',
  unchecked_source_unread: "the product's image could not be read",
  unchecked_product_image_unread: 'the product image could not be read',
  unchecked_slow: 'the check took longer than {{seconds}} s',
  unchecked_failed: 'the check failed on this result',
  unchecked_no_run: 'the check could not run on this result',
  unchecked_little_detail: 'the product has too little detail to be found in the result',

  // A part's colour (finding_part_colour's `colour`): the hue's family, `colour_dark` around it.
  colour_white: 'white',
  colour_black: 'black',
  colour_grey: 'grey',
  colour_pink: 'pink',
  colour_red: 'red',
  colour_orange: 'orange',
  colour_yellow: 'yellow',
  colour_green: 'green',
  colour_teal: 'teal',
  colour_blue: 'blue',
  colour_purple: 'purple',
  colour_dark: 'dark {{colour}}',
} as const;
