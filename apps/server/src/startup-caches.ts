import module, { type ResolveFnOutput, type ResolveHookSync } from 'node:module';
import path from 'node:path';

/**
 * What makes a start of the server quick once it has started before (decision 0039): it loads about
 * 3,000 modules, and two costs of Node's module loading were a third of the start.
 *
 * - Node's compile cache (`module.enableCompileCache`): the code V8 compiled for each module, kept
 *   on disk (the OS temporary folder, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it
 *   off) and checked against the module's source before use.
 * - A cache of where a package name imported from a folder resolves to. Node resolves every import
 *   of a package afresh, and each time it reads the package's `exports` out of its package.json
 *   again, then parses it: drizzle-orm's is 130 KB of JSON, and Plaza's own 358 modules import
 *   drizzle-orm or one of its entry points about a thousand times in all.
 */
export function enableStartupCaches(): void {
  module.enableCompileCache();
  module.registerHooks({ resolve: cachedPackageResolve(new Map()) });
}

/** Writes what the compile cache holds so far (all that the start compiled) to disk. */
export function saveCompileCache(): void {
  module.flushCompileCache();
}

/** A package name, maybe with a subpath: not relative, absolute, a URL, a builtin or a #import. */
export function isPackageSpecifier(specifier: string): boolean {
  return !/^(?:\.|\/|#|[a-zA-Z][a-zA-Z\d+.-]*:)/.test(specifier);
}

/**
 * The key of a resolution that is the same for every importer in the same folder: a package name
 * is looked up in the node_modules folders above the importer and, for a package importing
 * itself, in the importer's own package, both of which the folder decides; the conditions and
 * import attributes decide which of the package's exports it gets. Null: not cached.
 */
export function packageResolutionKey(
  specifier: string,
  context: { parentURL?: string | undefined; conditions: readonly string[]; importAttributes: object },
): string | null {
  const parent = context.parentURL;
  if (!parent?.startsWith('file:') || !isPackageSpecifier(specifier)) return null;
  return [
    path.posix.dirname(parent),
    specifier,
    context.conditions.join(','),
    JSON.stringify(context.importAttributes),
  ].join('\n');
}

/** A resolve hook answering a package import from `cache` when one from the same folder was made. */
export function cachedPackageResolve(cache: Map<string, ResolveFnOutput>): ResolveHookSync {
  return (specifier, context, nextResolve) => {
    const key = packageResolutionKey(specifier, context);
    if (key === null) return nextResolve(specifier, context);
    const known = cache.get(key);
    if (known) return { ...known, shortCircuit: true };
    const resolved = nextResolve(specifier, context);
    cache.set(key, resolved);
    return resolved;
  };
}
