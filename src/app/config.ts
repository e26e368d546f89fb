/**
 * The whole configuration, read once at boot: the app's (src/platform/config.ts) and the
 * pipeline's timings and limits (src/pipeline/config.ts). A bad value in either fails the start
 * with one ConfigError naming it, before anything connects.
 */
import { ConfigError, loadConfig, type AppConfig } from '../platform/config.ts';
import { pipelineConfigFromEnv, type PipelineConfig } from '../pipeline/config.ts';
import { PRODUCTAI_WEBHOOK_SOURCES } from '../productai/webhook.ts';

export interface Config extends AppConfig {
  pipeline: PipelineConfig;
}

export function loadAppConfig(env: Record<string, string | undefined> = process.env): Config {
  const app = loadConfig(env, { productAiWebhookSources: PRODUCTAI_WEBHOOK_SOURCES });
  try {
    return { ...app, pipeline: pipelineConfigFromEnv(env) };
  } catch (error) {
    throw new ConfigError([(error as Error).message]);
  }
}
