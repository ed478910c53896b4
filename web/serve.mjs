// Serves the production build (web/dist) on 127.0.0.1 with a strict Content-Security-Policy.
// `node web/serve.mjs` (PORT=5173 by default; the next free port if taken). Tests import start().
import http from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The Content-Security-Policy without frame-ancestors. styleSources: the style-src sources of a
 * page's inline styles (inlineStyleSources): index.html carries its stylesheet inline, so that its
 * first paint waits for no request (web/vite.config.js, inlineCss); that exact text is allowed by
 * its hash, no 'unsafe-inline'.
 */
export function csp(styleSources = []) {
  return (
    `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src ${["'self'", ...styleSources].join(' ')}; ` +
    "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'"
  );
}

/** The 'sha256-...' sources of the <style> elements of an HTML page. */
export function inlineStyleSources(html) {
  return [...String(html).matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
  );
}

/** The one page meant to be framed (by docs pages of any origin): the iframe embed. */
export const FRAMEABLE = new Set(['/embed/frame.html']);

/**
 * The security headers of a response for a URL path. Every page refuses to be framed (CSP
 * frame-ancestors 'none' and X-Frame-Options DENY, for browsers without frame-ancestors) except the
 * embed page (frame-ancestors *); nothing is ever submitted (form-action 'none'); no referrer leaves
 * the page; no MIME sniffing. The element's files (/embed/...) may be loaded by docs pages of
 * another origin (CORS).
 */
export function headersFor(path, styleSources = []) {
  const framed = FRAMEABLE.has(path);
  return {
    'Content-Security-Policy': `${csp(styleSources)}; frame-ancestors ${framed ? '*' : "'none'"}`,
    ...(framed ? {} : { 'X-Frame-Options': 'DENY' }),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(path.startsWith('/embed/') ? { 'Access-Control-Allow-Origin': '*' } : {}),
  };
}

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const defaultRoot = fileURLToPath(new URL('./dist/', import.meta.url));

function handler(root) {
  return async (req, res) => {
    let headers = headersFor('/');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD', 'Content-Type': 'text/plain' });
      res.end('Method Not Allowed\n');
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400, { ...headers, 'Content-Type': 'text/plain' });
      res.end('Bad Request\n');
      return;
    }
    if (path.endsWith('/')) path += 'index.html';
    headers = headersFor(path);
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep) || path.includes('\0')) {
      res.writeHead(403, { ...headers, 'Content-Type': 'text/plain' });
      res.end('Forbidden\n');
      return;
    }
    try {
      // The real path, every symbolic link resolved, must be inside the folder too: a link in it to
      // /etc/hostname, or to a folder outside, is not served (Not Found, as for no file at all).
      const real = await realpath(file);
      if (!real.startsWith(root + sep)) throw new Error('outside the served folder');
      const st = await stat(real);
      if (!st.isFile()) throw new Error('not a file');
      const body = await readFile(real);
      const type = MIME[extname(file).toLowerCase()] ?? 'application/octet-stream';
      res.writeHead(200, {
        ...(type.startsWith('text/html') ? headersFor(path, inlineStyleSources(body)) : headers),
        'Content-Type': type,
        'Content-Length': body.length,
        'Cache-Control': path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Not Found\n');
    }
  };
}

/**
 * Starts the server. port 0 picks a free port; a taken port falls back to the next ones.
 * @returns {Promise<{server: http.Server, port: number, url: string, close: () => Promise<void>}>}
 */
export async function start({ port = Number(process.env.PORT ?? 5173), root = defaultRoot, host = '127.0.0.1' } = {}) {
  try {
    await stat(join(root, 'index.html'));
  } catch {
    throw new Error(`${join(root, 'index.html')} is missing: run \`npm run build\` first`);
  }
  // The folder's real path: what a served file's real path must be inside (the folder may be a link).
  const server = http.createServer(handler(await realpath(root)));
  for (let attempt = 0; ; attempt++) {
    const p = port === 0 ? 0 : port + attempt;
    try {
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(p, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (e) {
      if (e.code !== 'EADDRINUSE' || attempt >= 20 || port === 0) throw e;
    }
  }
  const actual = server.address().port;
  const url = `http://${host}:${actual}/`;
  return { server, port: actual, url, close: () => new Promise((r) => server.close(() => r())) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const { url } = await start();
  console.log(`coordination-viewer: serving web/dist at ${url}`);
  console.log('Press Ctrl+C to stop.');
}
