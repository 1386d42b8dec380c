import { mayReloadAfterChunkFailure, parseReloadTime } from '@plaza/core/reload-guard';

/** When this tab last reloaded for a failed chunk; survives the reload, not the tab. */
const STORAGE_KEY = 'plaza:chunk-reload-at';

/** A route module that could not be loaded, shown by the error page once reloading did not help. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ChunkLoadError';
}

function lastReloadAt(): number | null {
  try {
    return parseReloadTime(window.sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function rememberReload(now: number): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without storage a reload cannot be remembered; the next failure then shows the error page.
  }
}

/** After a failed import: reloads the page when the guard allows it (at most once a minute). */
export function reloadAfterChunkFailure(): boolean {
  const now = Date.now();
  if (!mayReloadAfterChunkFailure(lastReloadAt(), now)) return false;
  rememberReload(now);
  window.location.reload();
  return true;
}

/**
 * Spec 8 "Code chunk load failure": reload the page at most once per minute. React Router reloads
 * on every failed route-module import (a new deploy removed the old chunks), which loops when the
 * asset stays missing. This loads route modules in its place: on failure it reloads when the guard
 * allows, and otherwise hands React Router a stand-in whose component throws, so the error page
 * shows instead of another reload.
 *
 * React Router asks its module cache (`window.__reactRouterRouteModules`) whether a module is
 * loaded (`id in cache`) and then reads it (`cache[id]`); for a module not yet loaded this proxy
 * answers yes and hands out the import as a promise, which React Router awaits. Must run before
 * the router hydrates (entry.client.tsx).
 */
export function guardRouteModuleLoads(): void {
  const modules = window.__reactRouterRouteModules;
  if (!modules || !window.__reactRouterManifest) return;
  // Read afresh each time: routes found while navigating are added to the manifest.
  const moduleUrlOf = (id: string) => window.__reactRouterManifest?.routes[id]?.module;
  const pending = new Set<string>();
  const loads = new Map<string, Promise<unknown>>();

  function load(id: string, url: string): Promise<unknown> {
    const known = loads.get(id);
    if (known) return known;
    const loading = import(/* @vite-ignore */ url).then(
      (module: unknown) => {
        modules![id] = module as never;
        return module;
      },
      (error: unknown) => {
        loads.delete(id);
        console.error(`Route module ${url} could not be loaded`, error);
        if (reloadAfterChunkFailure()) return new Promise(() => {});
        // A rejected import leaves React Router with no component and a blank page; a module
        // whose component throws sends the failure to the error boundary, which shows the error page.
        return {
          default: function RouteModuleMissing(): never {
            throw new ChunkLoadError('Part of Plaza could not be loaded.');
          },
        };
      },
    );
    loads.set(id, loading);
    return loading;
  }

  window.__reactRouterRouteModules = new Proxy(modules, {
    has(target, id) {
      if (Reflect.has(target, id)) return true;
      const url = typeof id === 'string' ? moduleUrlOf(id) : undefined;
      if (!url) return false;
      pending.add(id as string);
      return true;
    },
    get(target, id, receiver) {
      if (typeof id === 'string' && pending.delete(id) && !Reflect.has(target, id)) {
        const url = moduleUrlOf(id);
        if (url) return load(id, url);
      }
      return Reflect.get(target, id, receiver);
    },
  });
}

declare global {
  interface Window {
    __reactRouterRouteModules?: Record<string, never>;
    __reactRouterManifest?: { routes: Record<string, { module?: string } | undefined> };
  }
}
