/**
 * The app's logger (pino, JSON lines). Credentials never reach the logs: the paths below are
 * redacted wherever they appear in a logged object (request headers, error bodies).
 */
import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-shopify-hmac-sha256"]',
  'req.headers["x-api-key"]',
  '*.accessToken',
  '*.refreshToken',
  '*.apiKey',
  '*.access_token',
  '*.refresh_token',
];

export interface LoggerOptions {
  level: LevelWithSilent;
  /** Names the process in every line (`web`, `worker`, ...). */
  name?: string;
  /** Where lines go; stdout by default (tests pass a stream to read them back). */
  destination?: pino.DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      name: options.name,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    options.destination,
  );
}
