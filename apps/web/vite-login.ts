import type { Plugin } from 'vite';

const MODULO = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRECARGA = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Writes `login.html` beside `index.html`: the same page with its login form (#arranque) shown before any
 * script runs. The server sends it for /login (and /) to a browser without a session. Its app modules are not
 * in the head: public/arranque.js asks for them once the form has been painted, so on a slow phone network
 * the page and its stylesheet do not share the line with ~270 KB of JavaScript before the form shows.
 */
export function paginaDeIngreso(): Plugin {
  return {
    name: 'predio-pagina-de-ingreso',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return this.error('index.html no está en el bundle');
      const html = String(index.source);
      const entrada = MODULO.exec(html)?.[1];
      if (!html.includes('<html lang="es">') || entrada === undefined)
        return this.error('index.html no tiene la forma que espera login.html');
      const precargas = [...html.matchAll(PRECARGA)].map((m) => m[1]!);
      const login = html
        .replace('<html lang="es">', '<html lang="es" class="arranque-login">')
        .replace(MODULO, '')
        .replace(PRECARGA, '')
        .replace('</head>', `  <meta name="predio-modulos" content="${[entrada, ...precargas].join(' ')}" />\n  </head>`);
      this.emitFile({ type: 'asset', fileName: 'login.html', source: login });
    },
  };
}
