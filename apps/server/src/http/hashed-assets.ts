import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { acceptEncodingQualities } from './accept-encoding.ts';

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

/** Text the browser gets smaller when it says it can take it; pictures and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.map',
  '.txt',
  '.html',
  '.xml',
  '.wasm',
]);

/**
 * The encoding on offer that an Accept-Encoding header ranks highest, ties going to the order
 * offered (Brotli before gzip: express's own negotiation breaks them by the header's order, and
 * Chromium sends "gzip, deflate, br, zstd"). No header, or nothing on offer acceptable: the file as it is.
 */
function chooseEncoding(header: string | undefined, offered: readonly string[]): string {
  if (!header) return 'identity';
  const quality = acceptEncodingQualities(header);
  // The file as it is stays acceptable unless refused.
  const rankOf = (name: string) => quality(name) ?? (name === 'identity' ? 1 : 0);
  let best = 'identity';
  let bestRank = 0;
  for (const name of offered) {
    const rank = rankOf(name);
    if (rank > bestRank) {
      best = name;
      bestRank = rank;
    }
  }
  return best;
}

interface Asset {
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
  lastModified: string;
}

/**
 * The web app's hashed bundles (`/assets`), served from memory. A bundle's name changes with its
 * content, so each file is read once, when first asked for, with a gzip and a Brotli copy made then;
 * later requests are answered from those. express.static with the compression middleware opened,
 * read and gzipped the file again for every request: 1.2 ms of the server's CPU an asset (5,040
 * requests of the 126 bundles, 2026-12-02), and every page load asks for a dozen or more.
 *
 * Only the files present when the server starts are served; any other path goes on to the next
 * handler (a 404). GET and HEAD only; an If-None-Match or If-Modified-Since that still holds gets
 * 304. No ranges: a bundle is always sent whole.
 */
export function hashedAssets(dir: string): RequestHandler {
  const names = new Set(
    readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) =>
      entry.isFile()
        ? [path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')]
        : [],
    ),
  );
  const loaded = new Map<string, Promise<Asset>>();

  async function load(name: string): Promise<Asset> {
    const file = path.join(dir, name);
    const [identity, info] = await Promise.all([readFile(file), stat(file)]);
    const compressible = COMPRESSIBLE.has(path.extname(name).toLowerCase());
    const [gz, br] = compressible
      ? await Promise.all([
          gzipped(identity, { level: 9 }),
          brotlied(identity, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 11,
              [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
            },
          }),
        ])
      : [null, null];
    return {
      identity,
      // A copy that is not smaller is not worth the header.
      gzip: gz && gz.byteLength < identity.byteLength ? gz : null,
      br: br && br.byteLength < identity.byteLength ? br : null,
      etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
      lastModified: info.mtime.toUTCString(),
    };
  }

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path).replace(/^\/+/, '');
    } catch {
      return next();
    }
    if (!names.has(name)) return next();
    let asset = loaded.get(name);
    if (!asset) {
      asset = load(name);
      loaded.set(name, asset);
      // A file that could not be read is tried again by the next request.
      asset.catch(() => loaded.delete(name));
    }
    asset.then(
      (found) => {
        res.type(path.extname(name));
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('ETag', found.etag);
        res.setHeader('Last-Modified', found.lastModified);
        if (found.gzip || found.br) res.vary('Accept-Encoding');
        if (req.fresh) {
          res.status(304).end();
          return;
        }
        const offered = [...(found.br ? ['br'] : []), ...(found.gzip ? ['gzip'] : []), 'identity'];
        const encoding = chooseEncoding(req.headers['accept-encoding'], offered);
        const body = encoding === 'br' ? found.br! : encoding === 'gzip' ? found.gzip! : found.identity;
        if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
        res.setHeader('Content-Length', body.byteLength);
        if (req.method === 'HEAD') res.end();
        else res.end(body);
      },
      (error: unknown) => next(error),
    );
  };
}
