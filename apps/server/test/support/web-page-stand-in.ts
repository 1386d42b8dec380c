import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A local web server standing in for the pages people link to (the outside world of link
 * previews). Counts requests per path.
 */
export interface WebPages {
  origin: string;
  port: number;
  hits: Map<string, number>;
  close(): Promise<void>;
}

const PAGE = `<!doctype html><html><head>
  <meta charset="utf-8">
  <title>Fallback title</title>
  <meta property="og:title" content="Sunday Hike &amp; Picnic">
  <meta property="og:description" content="Meet at the station at 9. Bring snacks&hellip;">
  <meta property="og:image" content="/images/hike.jpg">
  <meta property="og:site_name" content="Hikers&#39; Club">
</head><body><h1>Hello</h1></body></html>`;

export async function startWebPages(): Promise<WebPages> {
  const hits = new Map<string, number>();
  let flakyCalls = 0;
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const html = (body: string | Buffer, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    };
    const redirect = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    const hop = path.match(/^\/hops\/(\d+)$/);
    if (hop) return Number(hop[1]) === 0 ? html(PAGE) : redirect(`/hops/${Number(hop[1]) - 1}`);
    switch (path) {
      case '/page':
      case '/count':
        return html(PAGE);
      case '/gzip':
        return html(gzipSync('<title>Squeezed &lt;page&gt;</title>'), { 'content-encoding': 'gzip' });
      case '/latin1':
        res.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' });
        return res.end(Buffer.from('<title>Caf\xe9</title>', 'latin1'));
      case '/huge':
        return html(
          `<meta property="og:title" content="Big page">${' '.repeat(1_500_000)}<meta property="og:description" content="too far">`,
        );
      case '/json':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"title":"not a page"}');
      case '/missing':
        res.writeHead(404, { 'content-type': 'text/html' });
        return res.end('<title>Not found</title>');
      case '/flaky':
        flakyCalls += 1;
        if (flakyCalls === 1) {
          res.writeHead(500);
          return res.end();
        }
        return html('<title>Back again</title>');
      case '/slow':
        return; // never answers
      case '/to-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/');
      case '/to-private':
        return redirect('http://10.0.0.1/admin');
      case '/to-mapped':
        return redirect('http://[::ffff:a00:1]/');
      case '/to-file':
        return redirect('file:///etc/passwd');
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
