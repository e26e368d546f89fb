/** A minimal method + path router: `/v1/api/job/:id` style patterns, first match wins. */
import type { Handler } from './context.ts';

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method' }
  | { kind: 'none' };

export class Router {
  private readonly routes: Route[] = [];

  add(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const source = path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), keys, handler });
    return this;
  }

  match(method: string, pathname: string): RouteMatch {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method && !(route.method === 'GET' && method === 'HEAD')) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, index) => {
        params[key] = safeDecode(found[index + 1] ?? '');
      });
      return { kind: 'found', handler: route.handler, params };
    }
    return pathMatched ? { kind: 'wrong-method' } : { kind: 'none' };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
