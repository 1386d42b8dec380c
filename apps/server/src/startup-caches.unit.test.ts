import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { ResolveFnOutput } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cachedPackageResolve,
  isPackageSpecifier,
  packageResolutionKey,
  packageTypeReader,
  relativeScriptResolve,
} from './startup-caches.ts';

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

describe('a package’s type read once for its relative .js imports', () => {
  it('finds the nearest package.json’s type, reading each folder once, not past node_modules', () => {
    const files: Record<string, string> = {
      '/app/node_modules/orm/package.json': '{"name":"orm","type":"module","exports":{".":"./index.js"}}',
      '/app/node_modules/old/package.json': '{"name":"old","type":"commonjs"}',
      '/app/node_modules/plain/package.json': '{"name":"plain"}',
      '/app/node_modules/plain/nested/package.json': 'not json',
    };
    const reads: string[] = [];
    const typeOf = packageTypeReader((file) => {
      reads.push(file);
      return files[file] ?? null;
    });
    expect(typeOf('/app/node_modules/orm/sql/expressions')).toBe('module');
    expect(typeOf('/app/node_modules/orm/sql')).toBe('module');
    expect(typeOf('/app/node_modules/orm/sql/expressions')).toBe('module');
    expect(reads).toEqual([
      '/app/node_modules/orm/sql/expressions/package.json',
      '/app/node_modules/orm/sql/package.json',
      '/app/node_modules/orm/package.json',
    ]);
    expect(typeOf('/app/node_modules/old/lib')).toBe('commonjs');
    // No type, or a package.json Node would refuse: Node decides (and its errors stay Node's).
    expect(typeOf('/app/node_modules/plain/lib')).toBeNull();
    expect(typeOf('/app/node_modules/plain/nested')).toBeNull();
    // A folder with no package.json up to node_modules has no scope: not the app's above it.
    files['/app/package.json'] = '{"type":"module"}';
    expect(typeOf('/app/node_modules/loose')).toBeNull();
    expect(typeOf('/app/src')).toBe('module');
    expect(typeOf('/')).toBeNull();
  });

  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'plaza-resolve-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('orm/package.json', '{"type":"module"}');
  write('orm/index.js', 'export {};');
  write('orm/sql/sql.js', 'export {};');
  write('typeless/package.json', '{}');
  write('typeless/a.js', 'export {};');
  mkdirSync(path.join(root, 'orm/dir.js'));
  symlinkSync(path.join(root, 'orm'), path.join(root, 'linked'));
  const from = (file: string, conditions = ['node', 'import']) => ({
    parentURL: pathToFileURL(path.join(root, file)).href,
    conditions,
    importAttributes: {},
  });

  it('answers a relative .js import with the file’s real path and its package’s format', () => {
    const resolve = relativeScriptResolve(packageTypeReader());
    const next = (): ResolveFnOutput => {
      throw new Error('asked Node');
    };
    expect(resolve('./sql/sql.js', from('orm/index.js'), next)).toEqual({
      url: pathToFileURL(path.join(root, 'orm/sql/sql.js')).href,
      format: 'module',
      shortCircuit: true,
    });
    expect(resolve('../index.js', from('orm/sql/sql.js'), next).url).toBe(
      pathToFileURL(path.join(root, 'orm/index.js')).href,
    );
    // Through a symbolic link, as Node gives it: the real path.
    expect(resolve('./sql/sql.js', from('linked/index.js'), next).url).toBe(
      pathToFileURL(path.join(root, 'orm/sql/sql.js')).href,
    );
  });

  it('leaves to Node what it does not answer itself', () => {
    const resolve = relativeScriptResolve(packageTypeReader());
    const asked: string[] = [];
    const next = (specifier: string): ResolveFnOutput => {
      asked.push(specifier);
      return { url: `node:${specifier}` };
    };
    resolve('./missing.js', from('orm/index.js'), next);
    resolve('./dir.js', from('orm/index.js'), next);
    resolve('./a.js', from('typeless/a.js'), next);
    resolve('./sql/sql.ts', from('orm/index.js'), next);
    resolve('./sql/sql.mjs', from('orm/index.js'), next);
    resolve('./sql%2Fsql.js', from('orm/index.js'), next);
    resolve('./sql/sql.js?v=1', from('orm/index.js'), next);
    resolve('orm/index.js', from('orm/index.js'), next);
    resolve('./sql/sql.js', from('orm/index.js', ['node', 'require']), next);
    resolve(
      './sql/sql.js',
      { parentURL: 'data:text/javascript,1', conditions: ['import'], importAttributes: {} },
      next,
    );
    expect(asked).toEqual([
      './missing.js',
      './dir.js',
      './a.js',
      './sql/sql.ts',
      './sql/sql.mjs',
      './sql%2Fsql.js',
      './sql/sql.js?v=1',
      'orm/index.js',
      './sql/sql.js',
      './sql/sql.js',
    ]);
  });
});
