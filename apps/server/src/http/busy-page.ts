import { BUSY_MESSAGE } from '@plaza/core/error-messages';
import { escapeHtml } from '../escape-html.ts';

/**
 * The page a page load refused for load is answered with (load-shedding.ts): written here, not
 * rendered by the web app, as a refusal must cost next to nothing (the web's error page, rendered
 * for each refusal, cost about as much as a page and starved the answers it was making room for:
 * bench/README.md, "Page loads under overload"). Spec 2.4's title for an error that is neither
 * 403, 404 nor maintenance, the server's message, a button to load the same address again and one
 * home; Plaza's colours, no script.
 */
export function busyPageHtml(pathAndQuery: string): string {
  // Only a path of this site goes in the button: `//host` would leave it.
  const again = pathAndQuery.startsWith('/') && !pathAndQuery.startsWith('//') ? pathAndQuery : '/';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Plaza is very busy</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#fff8f0;color:#2a1b2e;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Inter,'Helvetica Neue',Arial,sans-serif;line-height:1.5}
main{max-width:34rem;padding:2rem 1.25rem;text-align:center}
.brand{display:inline-block;margin-bottom:2.5rem;color:#2a1b2e;font-size:1.5rem;font-weight:800;text-decoration:none;letter-spacing:-.02em}
.code{margin:0;color:#b93a1b;font-size:.875rem;font-weight:700;letter-spacing:.12em;text-transform:uppercase}
h1{margin:.5rem 0 1rem;font-size:clamp(2rem,6vw,3rem);line-height:1.05;font-weight:800;letter-spacing:-.03em}
p.why{margin:0 0 2rem;color:#5e4b5f;font-size:1.125rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;justify-content:center}
.actions a{display:inline-block;padding:.75rem 1.5rem;border-radius:999px;font-weight:700;text-decoration:none}
.again{background:#b93a1b;color:#fff}
.home{background:#fff;color:#2a1b2e;border:2px solid #f6eadb}
a:focus-visible{outline:3px solid #b93a1b;outline-offset:3px}
</style>
</head>
<body>
<main>
<a class="brand" href="/">Plaza</a>
<p class="code">Error 503</p>
<h1>Something unexpected happened</h1>
<p class="why">${escapeHtml(BUSY_MESSAGE)}</p>
<div class="actions">
<a class="again" href="${escapeHtml(again)}">Try again</a>
<a class="home" href="/">Back to Plaza home</a>
</div>
</main>
</body>
</html>
`;
}
