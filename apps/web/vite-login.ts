import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

const MODULO = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRECARGA = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Writes `login.html` beside `index.html`: the same page with its login form drawn in the HTML (`arranque.html`:
 * its style in the head, the form first in the body, `public/arranque.js` deferred), shown before any script
 * runs. The server sends it for /login (and /) to a browser without a session. Its app modules are not in the
 * head: arranque.js asks for them once the form has been painted, so on a slow phone network the page and its
 * stylesheet do not share the line with ~270 KB of JavaScript before the form shows. index.html has none of
 * it, so no other page carries a hidden second login form.
 */
export function paginaDeIngreso(): Plugin {
  let root = '.';
  return {
    name: 'predio-pagina-de-ingreso',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html no está en el bundle');
      const html = String(index.source);
      const entrada = MODULO.exec(html)?.[1];
      if (!html.includes('<html lang="es">') || !html.includes('<body>') || entrada === undefined)
        return this.error('index.html no tiene la forma que espera login.html');
      const fragmento = readFileSync(join(root, 'arranque.html'), 'utf8');
      const estilo = /<style>[\s\S]*<\/style>/.exec(fragmento)?.[0];
      const formulario = /<main id="arranque">[\s\S]*<\/main>/.exec(fragmento)?.[0];
      if (estilo === undefined || formulario === undefined) return this.error('arranque.html no tiene <style> y <main>');
      const precargas = [...html.matchAll(PRECARGA)].map((m) => m[1]!);
      const login = html
        .replace('<html lang="es">', '<html lang="es" class="arranque-login">')
        .replace(MODULO, '')
        .replace(PRECARGA, '')
        .replace(
          '</head>',
          `  <script defer src="/arranque.js"></script>\n    <meta name="predio-modulos" content="${[entrada, ...precargas].join(' ')}" />\n    ${estilo}\n  </head>`,
        )
        .replace('<body>', `<body>\n    ${formulario}`);
      this.emitFile({ type: 'asset', fileName: 'login.html', source: login });
    },
  };
}
