/**
 * The shop style's limits, for the server's checks and the Settings page's fields.
 * Browser-safe: no imports.
 */

/**
 * The longest style phrase. It is added to prompts of up to PROMPT_MAX_LENGTH (2,000, ProductAI's
 * own limit): 300 leaves a merchant's usual prompt (presets are 120-170 characters) room for it.
 */
export const STYLE_PHRASE_MAX_LENGTH = 300;

/** The image types ProductAI's upload-asset takes (the spec: JPEG, PNG or WebP, max 10MB). */
export const STYLE_REFERENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const STYLE_REFERENCE_MAX_BYTES = 10 * 1024 * 1024;
