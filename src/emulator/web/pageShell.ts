/**
 * The HTML document around each web page of the emulator, and how it is sent. Pages are plain
 * HTML strings in TypeScript modules (not files beside the code) so that `npm run build` puts
 * them in dist with no copy step, and running from source through tsx needs nothing either.
 * No CDN and no inline script: a strict Content-Security-Policy keeps it that way.
 */
import type { HttpResponse as Response } from '../../httpServer/jsonServer.js';

export const WEB_ASSETS = '/emulator/web';

/** Same-origin everything; images from anywhere (rich links show the bot's pictures). */
const CSP = "default-src 'self'; img-src * data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function pageHtml(page: { title: string; bodyClass: string; body: string; script: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${page.title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${WEB_ASSETS}/webchat.css">
<script type="module" src="${WEB_ASSETS}/${page.script}"></script>
</head>
<body class="${page.bodyClass}">
${page.body}
</body>
</html>
`;
}

export function sendText(res: Response, contentType: string, text: string): void {
  res.writeHead(200, {
    'content-type': `${contentType}; charset=utf-8`,
    'content-length': Buffer.byteLength(text),
    // A developer tool: always the current page and script, never a stale cached one.
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    ...(contentType === 'text/html' ? { 'content-security-policy': CSP, 'referrer-policy': 'no-referrer' } : {}),
  });
  res.end(text);
}
