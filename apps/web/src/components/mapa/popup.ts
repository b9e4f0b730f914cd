import type { PuntoMapa } from './tipos.ts';

/** A popup built with DOM nodes (addresses are user text: never innerHTML). */
export function popup(p: PuntoMapa, abrir: (consecutivo: number) => void): HTMLElement {
  const div = document.createElement('div');
  div.className = 'mapa-popup';
  const titulo = document.createElement('strong');
  titulo.textContent = `Nº ${p.consecutivo} · ${p.titulo}`;
  div.append(titulo);
  for (const texto of [p.direccion, p.precio, p.detalle]) {
    if (!texto) continue;
    const linea = document.createElement('div');
    linea.textContent = texto;
    div.append(linea);
  }
  const a = document.createElement('a');
  a.href = `/propiedades/inmueble/${p.consecutivo}`;
  a.textContent = 'Abrir inmueble';
  a.addEventListener('click', (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    abrir(p.consecutivo);
  });
  div.append(a);
  return div;
}
