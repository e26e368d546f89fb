/**
 * How both processes (web/server/main.ts, web/worker/main.ts) stop: on SIGTERM or SIGINT they
 * stop gracefully, and exit 0 once done; past the deadline they exit 1 with what is left logged,
 * so a hung close (Redis not answering, a job that never returns) cannot outlive the platform's
 * kill timeout silently. A second signal exits at once.
 */
import type { Logger } from '../src/platform/logger.ts';

export interface ShutdownOptions {
  logger: Logger;
  /** The graceful stop; resolves once everything is closed. */
  stop: () => Promise<void>;
  /** From the signal to the forced exit. */
  deadlineMs: number;
  /** What is given up at the deadline, for the log line. */
  abandoned: string;
}

export function exitOnShutdownSignals(options: ShutdownOptions): void {
  const { logger } = options;
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal, deadlineMs: options.deadlineMs }, 'shutdown requested');
    setTimeout(() => {
      logger.warn(
        { deadlineMs: options.deadlineMs },
        `shutdown deadline passed: ${options.abandoned}`,
      );
      process.exit(1);
    }, options.deadlineMs);
    options.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
