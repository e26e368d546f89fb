/**
 * Submission claims: at most ONE submission per fingerprint (ProductAI account, model, prompt)
 * whose job id the app does not know, at any time.
 *
 * Why: ProductAI tells a job's owner nothing but the account, the model (earlier interface) and
 * the prompt (GET job); its webhook carries only the job id. Bulk items share one prompt, so two
 * requests of one run in flight at once, both cut off by a crash, would leave two jobs that
 * cannot be told apart: attaching one to the wrong product is worse than asking. With the claim,
 * a job whose id no generation recorded has exactly one possible owner: the holder of its
 * fingerprint's claim (receive/reconcile.ts).
 *
 * The claim is taken right after the `queued → submitting` transition and before the request
 * leaves; its token names the generation AND that submission (`submittedAt`, rewritten by every
 * new submission). A claim is live while its holder is still in `submitting` or `uncertain` with
 * that same `submittedAt`; anything else (the job id recorded, the generation settled, requeued,
 * erased) makes it stale, and the next `take` overwrites it in the same atomic script. So
 * `release` is only tidying, and no crash can leave a fingerprint blocked.
 *
 * It also proves a negative: a generation found in `submitting` whose token is NOT the claim's
 * never sent its request (it is sent only after `take` succeeded, and a live claim cannot be
 * taken over), so a crash before that point goes back in line instead of to `uncertain`.
 *
 * Cost: a request holds its claim for its round trip (about a second); at 15 requests a minute
 * (one every 4 s) same-prompt bulk items rarely meet, and a waiting one holds no rate-limit slot.
 */
import { sentPrompt } from '../generations/style-prompt.ts';
import { createHash } from 'node:crypto';
import type { Redis } from '../../platform/redis/connection.ts';
import { appWideKey } from '../../platform/keys.ts';
import { isImageModelId, isVideoModelId } from '../../productai/catalogue.ts';
import type { Generation } from '../generations/generation.ts';
import { generationKeys } from '../generations/keys.ts';
import { luaScript } from '../../platform/redis/lua-script.ts';

/** What ProductAI can tell back about a job; upscales all look alike (a fixed prompt). */
export interface Fingerprint {
  /** The ProductAI account: `accountOf` its API key (src/productai/account.ts). */
  account: string;
  model: string;
  prompt: string;
}

/** The submission a claim belongs to. */
export interface ClaimToken {
  shop: string;
  generationId: string;
  /** The submission's `submittedAt` (ISO 8601): a new submission of the same generation differs. */
  submittedAt: string;
}

const UPSCALE: Omit<Fingerprint, 'account'> = { model: 'upscale', prompt: '' };

export function generationFingerprint(
  account: string,
  generation: Pick<Generation, 'kind' | 'params' | 'style'>,
): Fingerprint {
  if (generation.kind === 'upscale') return { account, ...UPSCALE };
  // The prompt as sent, the shop style in it (what ProductAI's job reports back).
  return { account, model: generation.params.model ?? '', prompt: sentPrompt(generation) };
}

/**
 * A job's fingerprint from what ProductAI reports: the earlier interface's `model` and the
 * current interface's `prompt`. The spec does not name the model of an upscale job; anything
 * that is not an image or video model is taken for one (the emulator says `upscale`).
 */
export function jobFingerprint(account: string, model: string, prompt: string): Fingerprint {
  if (isImageModelId(model) || isVideoModelId(model)) return { account, model, prompt };
  return { account, ...UPSCALE };
}

export interface SubmissionClaims {
  /** Takes the fingerprint for this submission unless another live one holds it. */
  take(fingerprint: Fingerprint, token: ClaimToken): Promise<boolean>;
  /** The live holder of a fingerprint, or null. */
  holder(fingerprint: Fingerprint): Promise<ClaimToken | null>;
  /** Lets the fingerprint go if this submission holds it (tidying: a settled holder is stale). */
  release(fingerprint: Fingerprint, token: ClaimToken): Promise<void>;
}

// A week: far longer than any submission stays uncertain; only a leak guard.
const CLAIM_TTL_SECONDS = 7 * 24 * 3600;

// take-claim and claim-holder judge the holder with limits/lua/includes/live-claim.lua.
const TAKE = luaScript(new URL('./lua/take-claim.lua', import.meta.url), {
  keys: ['claim'],
  args: ['recordBefore', 'recordMiddle', 'token', 'ttlSeconds'],
});
const HOLDER = luaScript(new URL('./lua/claim-holder.lua', import.meta.url), {
  keys: ['claim'],
  args: ['recordBefore', 'recordMiddle'],
});
const RELEASE = luaScript(new URL('./lua/release-claim.lua', import.meta.url), {
  keys: ['claim'],
  args: ['token'],
});

function encodeToken(token: ClaimToken): string {
  return JSON.stringify({
    shop: token.shop,
    generationId: token.generationId,
    submittedAt: token.submittedAt,
  });
}

export function createSubmissionClaims(deps: {
  redis: Redis;
  namespace: string;
}): SubmissionClaims {
  const { redis, namespace } = deps;
  const [recordBefore, recordMiddle] = generationKeys.recordTemplate();
  // Hashed: prompts may be long.
  const keyOf = (fingerprint: Fingerprint) =>
    appWideKey(
      'productai-inflight',
      namespace,
      createHash('sha256')
        .update(`${fingerprint.account}\0${fingerprint.model}\0${fingerprint.prompt}`)
        .digest('base64url'),
    );

  return {
    async take(fingerprint, token) {
      const taken = await TAKE(
        redis,
        { claim: keyOf(fingerprint) },
        { recordBefore, recordMiddle, token: encodeToken(token), ttlSeconds: CLAIM_TTL_SECONDS },
      );
      return Number(taken) === 1;
    },
    async holder(fingerprint) {
      const held = (await HOLDER(
        redis,
        { claim: keyOf(fingerprint) },
        { recordBefore, recordMiddle },
      )) as string | null;
      return held ? (JSON.parse(held) as ClaimToken) : null;
    },
    async release(fingerprint, token) {
      await RELEASE(redis, { claim: keyOf(fingerprint) }, { token: encodeToken(token) });
    },
  };
}
