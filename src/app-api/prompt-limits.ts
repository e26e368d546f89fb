/** The longest prompt the app accepts (ProductAI's own limit); longer ones are refused, not cut. */
export const PROMPT_MAX_LENGTH = 2000;
/** From this length the prompt fields warn that the limit is near. */
export const PROMPT_WARN_LENGTH = 1800;
