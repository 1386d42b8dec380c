import type { ResolveFnOutput } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cachedPackageResolve, isPackageSpecifier, packageResolutionKey } from './startup-caches.ts';

const context = (parentURL: string | undefined, conditions = ['node', 'import']) => ({
  parentURL,
  conditions,
  importAttributes: {},
});

describe('package imports resolved once per folder', () => {
  it('knows a package name from the other specifiers', () => {
    for (const name of ['drizzle-orm', 'drizzle-orm/pg-core', '@pothos/core', 'pg'])
      expect(isPackageSpecifier(name)).toBe(true);
    for (const other of [
      './a.ts',
      '../b.ts',
      '/abs/c.js',
      '#internal',
      'node:fs',
      'file:///x.js',
      'data:text/javascript,1',
    ])
      expect(isPackageSpecifier(other)).toBe(false);
  });

  it('keys a resolution by the importer’s folder, the name, the conditions and the attributes', () => {
    const a = packageResolutionKey('pg', context('file:///app/src/db/client.ts'));
    expect(packageResolutionKey('pg', context('file:///app/src/db/other.ts'))).toBe(a);
    expect(packageResolutionKey('pg', context('file:///app/src/http/api.ts'))).not.toBe(a);
    expect(packageResolutionKey('pg', context('file:///app/src/db/client.ts', ['node', 'require']))).not.toBe(
      a,
    );
    expect(
      packageResolutionKey('x', { ...context('file:///app/src/a.ts'), importAttributes: { type: 'json' } }),
    ).not.toBe(packageResolutionKey('x', context('file:///app/src/a.ts')));
    expect(packageResolutionKey('./local.ts', context('file:///app/src/a.ts'))).toBeNull();
    expect(packageResolutionKey('pg', context(undefined))).toBeNull();
  });

  it('asks Node once per folder and package, and passes everything else through', () => {
    const asked: string[] = [];
    const next = (specifier: string, given?: { parentURL?: string }): ResolveFnOutput => {
      asked.push(`${specifier} from ${given?.parentURL}`);
      return { url: `file:///resolved/${specifier}/${asked.length}`, format: 'module' };
    };
    const resolve = cachedPackageResolve(new Map());
    const first = resolve('pg', context('file:///app/src/db/a.ts'), next);
    const again = resolve('pg', context('file:///app/src/db/b.ts'), next);
    expect(again).toEqual({ ...first, shortCircuit: true });
    resolve('pg', context('file:///app/src/http/c.ts'), next);
    resolve('./d.ts', context('file:///app/src/db/a.ts'), next);
    resolve('./d.ts', context('file:///app/src/db/a.ts'), next);
    expect(asked).toEqual([
      'pg from file:///app/src/db/a.ts',
      'pg from file:///app/src/http/c.ts',
      './d.ts from file:///app/src/db/a.ts',
      './d.ts from file:///app/src/db/a.ts',
    ]);
  });

  it('does not keep a failed resolution', () => {
    let calls = 0;
    const next = (): ResolveFnOutput => {
      calls += 1;
      if (calls === 1) throw new Error('Cannot find package');
      return { url: 'file:///resolved/late.js' };
    };
    const resolve = cachedPackageResolve(new Map());
    expect(() => resolve('late', context('file:///app/a.ts'), next)).toThrow('Cannot find package');
    expect(resolve('late', context('file:///app/a.ts'), next).url).toBe('file:///resolved/late.js');
  });
});
