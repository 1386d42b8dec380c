import { readFileSync, realpathSync, statSync } from 'node:fs';
import module, { type ResolveFnOutput, type ResolveHookSync } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
 * - A relative import of a `.js` file (`./sql/sql.js` inside drizzle-orm) resolved here, its format
 *   by the `type` of its package, read once per package. Node finds that format through
 *   `getPackageScopeConfig`, which copies the package.json's fields with `...data` and so parses its
 *   `exports` again for every such file (Node 24.21): a fifth of a start went there.
 */
export function enableStartupCaches(): void {
  module.enableCompileCache();
  module.registerHooks({ resolve: cachedPackageResolve(new Map()) });
  module.registerHooks({ resolve: relativeScriptResolve(packageTypeReader()) });
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

/** A package's module type as Node reads it: only these two values count. */
type PackageType = 'module' | 'commonjs';

/** The module type a package.json's text names, or null (none, another value, or not JSON). */
function typeNamedIn(packageJson: string): PackageType | null {
  let type: unknown;
  try {
    type = (JSON.parse(packageJson) as { type?: unknown }).type;
  } catch {
    return null;
  }
  return type === 'module' || type === 'commonjs' ? type : null;
}

/**
 * The `type` of the package.json that scopes a folder, as Node finds it (the nearest one above, not
 * past a folder named node_modules), read once per folder; null when there is none or it names no
 * type, where Node tells a file's format from its syntax.
 */
export function packageTypeReader(
  read: (file: string) => string | null = (file) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return null;
    }
  },
): (folder: string) => PackageType | null {
  const known = new Map<string, PackageType | null>();
  const typeOf = (folder: string): PackageType | null => {
    const cached = known.get(folder);
    if (cached !== undefined) return cached;
    let found: PackageType | null = null;
    if (path.basename(folder) !== 'node_modules') {
      const text = read(path.join(folder, 'package.json'));
      if (text !== null) found = typeNamedIn(text);
      else if (path.dirname(folder) !== folder) found = typeOf(path.dirname(folder));
    }
    known.set(folder, found);
    return found;
  };
  return typeOf;
}

/**
 * A resolve hook for an `import` of `./…` or `../…` ending in `.js`: the file's real path (as Node
 * gives it, symbolic links followed) and its format from its package's type. Anything else, and a
 * file that is not there or whose package names no type, goes to Node, so its errors are Node's.
 */
export function relativeScriptResolve(typeOf: (folder: string) => PackageType | null): ResolveHookSync {
  return (specifier, context, nextResolve) => {
    const parent = context.parentURL;
    if (
      !/^\.\.?\//.test(specifier) ||
      !specifier.endsWith('.js') ||
      /[%?#\\]/.test(specifier) ||
      !parent?.startsWith('file:') ||
      !context.conditions.includes('import')
    )
      return nextResolve(specifier, context);
    let real: string;
    try {
      real = realpathSync.native(fileURLToPath(new URL(specifier, parent)));
      if (!statSync(real).isFile()) return nextResolve(specifier, context);
    } catch {
      return nextResolve(specifier, context);
    }
    const format = typeOf(path.dirname(real));
    if (format === null) return nextResolve(specifier, context);
    return { url: pathToFileURL(real).href, format, shortCircuit: true };
  };
}
