/**
 * A minimal client-side router over the History API (react-router is not a dependency, and the
 * app has five flat pages). The store is the current path + query; `navigate` pushes a new entry
 * and tells subscribers, the back button arrives as `popstate`.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

function snapshot(): string {
  return window.location.pathname + window.location.search;
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const target = new URL(to, window.location.href);
  if (target.origin !== window.location.origin) {
    window.location.assign(target.href);
    return;
  }
  const next = target.pathname + target.search + target.hash;
  if (next === snapshot() + window.location.hash) return;
  if (options.replace) window.history.replaceState(null, '', next);
  else window.history.pushState(null, '', next);
  window.scrollTo(0, 0);
  notify();
}

export interface AppLocation {
  path: string;
  params: URLSearchParams;
}

export function useLocation(): AppLocation {
  const current = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(current, window.location.origin);
  return { path: url.pathname, params: url.searchParams };
}

/** Replaces one query parameter of the current page (filters live in the URL: shareable, back works). */
export function setQueryParam(name: string, value: string | null): void {
  setQueryParams({ [name]: value });
}

/** Replaces query parameters of the current page at once (null or '' removes one). */
export function setQueryParams(changes: Readonly<Record<string, string | null>>): void {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  navigate(url.pathname + url.search, { replace: true });
}
