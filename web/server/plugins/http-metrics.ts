/**
 * Request latency into the metrics, labelled by the matched route's template
 * (`/api/generations/:id`), never by the raw path: ids and tokens would make a series per
 * request, and a token in a label would leak it. Requests no route matched are `unmatched`.
 */
import type { RequestHandler } from 'express';
import type { Metrics } from '../../../src/platform/metrics.ts';

export function httpMetrics(metrics: Pick<Metrics, 'httpRequest'>): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const template = (req.route as { path?: unknown } | undefined)?.path;
      metrics.httpRequest({
        method: req.method,
        route: typeof template === 'string' ? `${req.baseUrl}${template}` : 'unmatched',
        status: res.statusCode,
        seconds: Number(process.hrtime.bigint() - started) / 1e9,
      });
    });
    next();
  };
}
