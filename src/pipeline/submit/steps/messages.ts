/** What the submit stage tells the merchant and writes in a generation's history. */

export const UNCERTAIN_MESSAGE = {
  reason:
    'The request may have reached ProductAI, but no answer came back, so the app cannot tell whether it was charged.',
  action:
    'Nothing to do: the app is checking with ProductAI and nothing will be charged twice. It adds the result when it is ready, or sends the request again only if ProductAI never received it.',
};

/** The history note of a submission ProductAI refused with 429 (it goes back in line). */
export const RATE_LIMITED_NOTE = 'ProductAI answered 429 (too many requests); back in line';
