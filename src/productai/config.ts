/**
 * ProductAI's settings: where its API is, which addresses its webhooks may come from, and where
 * its results may be downloaded from besides public https addresses. Read with the rest of the
 * configuration in one pass by src/app/config.ts (src/platform/env.ts says how). ProductAI's
 * budget of requests (15 a minute) is the pipeline's limiter's (PIPELINE_RATE_LIMIT), and each
 * merchant's API key is a shop setting, not the deployment's.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { commaList, envSection, httpUrl } from '../platform/env.ts';
import { PRODUCTAI_WEBHOOK_SOURCES } from './webhook.ts';

const ProductAiEnv = z.object({
  // The API's address in the spec; another only for the emulator (development and tests).
  PRODUCTAI_BASE_URL: httpUrl.default('https://api.productai.photo'),
  // Deliveries are not signed (the spec), so their source address is their only proof: by
  // default ProductAI's published addresses (webhook.ts), another list only for a stand-in.
  PRODUCTAI_WEBHOOK_ALLOWED_IPS: commaList
    .pipe(
      z
        .array(z.string().refine((item) => isIP(item) !== 0, 'must be a list of IP addresses'))
        .min(1, 'must list at least one IP address'),
    )
    .default([...PRODUCTAI_WEBHOOK_SOURCES]),
  // http(s) origins result downloads may reach as they are (any scheme, any address); none by
  // default, so production downloads only from public https addresses unless an operator says so.
  RESULT_DOWNLOAD_ORIGINS: commaList
    .pipe(
      z.array(
        z
          .url({ protocol: /^https?$/, error: 'must be a list of http(s) origins' })
          .transform((url) => new URL(url).origin),
      ),
    )
    .default([]),
});

export interface ProductAiConfig {
  baseUrl: string;
  webhookAllowedIps: string[];
  /**
   * Origins the result downloads may reach over http and at a private address
   * (src/platform/http/safe-fetch.ts): outside production the base URL's own (the emulator
   * on 127.0.0.1) and SHOPIFY_ADMIN_URL_OVERRIDE's (the product images the fidelity check
   * reads, added by src/app/config.ts), plus RESULT_DOWNLOAD_ORIGINS; in production only those
   * listed, so a deployment allows none unless an operator writes it down.
   */
  resultDownloadOrigins: string[];
}

export const productAiEnv = envSection({
  schema: ProductAiEnv,
  build: (e, { production }): ProductAiConfig => ({
    baseUrl: e.PRODUCTAI_BASE_URL,
    webhookAllowedIps: e.PRODUCTAI_WEBHOOK_ALLOWED_IPS,
    resultDownloadOrigins: [
      ...new Set([
        ...(production ? [] : [new URL(e.PRODUCTAI_BASE_URL).origin]),
        ...e.RESULT_DOWNLOAD_ORIGINS,
      ]),
    ],
  }),
});
