/**
 * A route parses, calls one service method and answers its success: every refusal is thrown as
 * an AppError (src/platform/errors.ts) and turned into its status by the one error handler
 * (web/server/plugins/error-handler.ts), so no route maps an error, nor takes a status from a
 * service's answer. Checked on the source of web/server/routes/: each status a route sets is a
 * 2xx literal. The health routes are let off: their 503 is not an error but the readiness answer
 * the load balancer reads (src/platform/health.ts). The check is also run on a route planted with
 * violations, so it cannot pass by finding nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROUTES = join(ROOT, 'web/server/routes');
const LET_OFF = ['web/server/routes/healthz.ts'];

/** Every status a source sets: `.status(x)`, `.sendStatus(x)`, `.statusCode = x`. */
function statusesSetIn(source: string): string[] {
  const calls = [...source.matchAll(/\.(?:status|sendStatus)\(\s*([^)]*?)\s*\)/g)];
  const assignments = [...source.matchAll(/\.statusCode\s*=(?!=)\s*([^;\n]+?)\s*(?:;|\n)/g)];
  return [...calls, ...assignments].map((match) => match[1]!);
}

/** The statuses a source sets that are not a success written as a literal. */
function refusalsSetIn(source: string): string[] {
  return statusesSetIn(source).filter((status) => !/^2\d\d$/.test(status));
}

function routeFiles(dir = ROUTES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

const PLANTED = `
  routes.post('/flow/actions/x', async (req, res) => {
    if (!valid) return res.status(422).json({ message: 'bad' });
    const answer = await service.receive(req.body);
    res.status(answer.status).json(answer.body);
  });
  routes.get('/gone', (_req, res) => res.sendStatus(404));
  routes.get('/teapot', (_req, res) => {
    res.statusCode = 418;
    res.end();
  });
  routes.post('/api/things', async (req, res) => {
    res.status(202).json(await service.create(req.body));
  });
`;

describe('routes answer only their success', () => {
  test('the check reports each refusal a planted route sets, and no success', () => {
    expect(refusalsSetIn(PLANTED)).toEqual(['422', 'answer.status', '404', '418']);
  });

  test('it reads the routes: they set their successes', () => {
    const files = routeFiles();
    expect(files).toContain('web/server/routes/flow-actions.ts');
    const set = files.flatMap((path) => statusesSetIn(readFileSync(join(ROOT, path), 'utf8')));
    expect(set).toEqual(expect.arrayContaining(['200', '202']));
  });

  test.each(routeFiles().filter((path) => !LET_OFF.includes(path)))(
    '%s sets no refusal of its own',
    (path) => {
      expect(refusalsSetIn(readFileSync(join(ROOT, path), 'utf8'))).toEqual([]);
    },
  );

  test('the health routes are let off only while they answer a status of their own', () => {
    for (const path of LET_OFF)
      expect(refusalsSetIn(readFileSync(join(ROOT, path), 'utf8')), path).not.toEqual([]);
  });
});
