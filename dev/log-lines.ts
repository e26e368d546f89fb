/**
 * The demo's terminal: the app's JSON log lines (pino, one object a line, which production keeps)
 * turned into one readable line per problem, e.g.
 *
 *   422 POST /api/generations — Prompt is required (shop demo-store.myshopify.com)
 *
 * A refused request logs twice: the error handler's "request rejected" (info, with the reason
 * and the shop) and pino-http's "request completed" (warn, with the status). The first is kept
 * by request id until the second arrives, and the two make one line; successful requests are
 * not shown. Other lines at or above `minLevel` read `LEVEL message: error (shop …)`. Lines that
 * are not JSON (a crash's stack trace) pass through as they are.
 */
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

interface LogRecord {
  level?: number;
  msg?: string;
  shop?: string;
  code?: string;
  reason?: string;
  err?: { message?: string };
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
}

/** The level a LOG_LEVEL names (`warn` → 40); unknown names show warnings and worse. */
export function levelNumber(name: string): number {
  return LEVELS[name] ?? LEVELS.warn!;
}

/**
 * The LOG_LEVEL the app processes need for a terminal showing `shown`: at least `info`, since
 * the reason a request was refused is logged at info.
 */
export function appLogLevel(shown: string): string {
  return levelNumber(shown) <= LEVELS.info! || shown === 'silent' ? shown : 'info';
}

/**
 * A reason on one line. Request validation logs zod's issues as a JSON array; those read
 * `productId: Invalid input…; sourceMediaIds: …`. Anything else has its whitespace collapsed.
 */
export function oneLineReason(reason: string): string {
  try {
    const issues = JSON.parse(reason) as unknown;
    if (Array.isArray(issues) && issues.length > 0) {
      return issues
        .map((issue: { path?: unknown[]; message?: string }) =>
          [issue.path?.join('.'), issue.message].filter(Boolean).join(': '),
        )
        .join('; ');
    }
  } catch {
    // not JSON
  }
  return reason.replace(/\s+/g, ' ').trim();
}

const shopSuffix = (shop: string | undefined) => (shop ? ` (shop ${shop})` : '');

/** A formatter for one process's lines: returns the line to show, or null to show nothing. */
export function createLogFormatter(minLevel: number): (line: string) => string | null {
  const rejections = new Map<string, { reason: string; shop: string | undefined }>();
  return (line) => {
    let record: LogRecord;
    try {
      record = JSON.parse(line) as LogRecord;
    } catch {
      return line;
    }
    if (typeof record !== 'object' || record === null) return line;
    const { req, res } = record;
    if (record.msg === 'request rejected' && req?.id) {
      rejections.set(req.id, { reason: record.reason ?? record.code ?? '', shop: record.shop });
      return null;
    }
    if (res?.statusCode !== undefined && req?.method) {
      const rejection = req.id === undefined ? undefined : rejections.get(req.id);
      if (req.id !== undefined) rejections.delete(req.id);
      if ((record.level ?? 0) < minLevel) return null;
      const path = (req.url ?? '').split('?')[0];
      const reason = oneLineReason(rejection?.reason || record.err?.message || '');
      return `${res.statusCode} ${req.method} ${path}${reason ? ` — ${reason}` : ''}${shopSuffix(rejection?.shop ?? record.shop)}`;
    }
    if ((record.level ?? 0) < minLevel) return null;
    const level = Object.keys(LEVELS).find((name) => LEVELS[name] === record.level) ?? 'log';
    const error = record.err?.message ? `: ${oneLineReason(record.err.message)}` : '';
    return `${level.toUpperCase()} ${record.msg ?? ''}${error}${shopSuffix(record.shop)}`;
  };
}

/** Writes `input`'s lines to `output`, formatted (`prefix` names the process). */
export function pipeFormattedLogs(
  input: Readable,
  output: Writable,
  minLevel: number,
  prefix: string,
): void {
  const format = createLogFormatter(minLevel);
  createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
    const shown = format(line);
    if (shown !== null) output.write(`${prefix} ${shown}\n`);
  });
}
