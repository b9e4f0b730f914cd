/**
 * The login form login.html shows while the app loads (#arranque, apps/web/vite-login.ts): what was typed
 * in it, which field had the focus and whether «Ingresar» was pressed. The login page reads it as it renders
 * (the form stays on screen meanwhile) and removes it once its own form is in place, so the person goes on
 * where they were.
 */
export type Arranque = {
  idEmpresa: number | null;
  usuario: string;
  clave: string;
  foco: 'idEmpresa' | 'usuario' | 'clave' | null;
  /** Where the cursor was in that field, so typing goes on at the same place. */
  cursor: [number, number] | null;
  enviar: boolean;
};

// Read once for the first render: the login page may render more than once before it commits.
let leido: Arranque | null | undefined;

export function leerArranque(): Arranque | null {
  if (leido === undefined) leido = leerFormulario();
  return leido;
}

/** The form as it is now (a person may go on typing while the app renders). */
export function leerFormulario(): Arranque | null {
  const raiz = document.getElementById('arranque');
  const form = raiz?.querySelector('form');
  if (!raiz || !form || !document.documentElement.classList.contains('arranque-login')) return null;
  const valor = (nombre: string) => (form.elements.namedItem(nombre) as HTMLInputElement | null)?.value ?? '';
  const activo = document.activeElement;
  const enForm = activo instanceof HTMLInputElement && raiz.contains(activo);
  const foco = enForm ? activo.name : null;
  const empresa = Number(valor('idEmpresa').trim());
  return {
    idEmpresa: valor('idEmpresa').trim() !== '' && Number.isInteger(empresa) && empresa > 0 ? empresa : null,
    usuario: valor('usuario'),
    clave: valor('clave'),
    foco: foco === 'idEmpresa' || foco === 'usuario' || foco === 'clave' ? foco : null,
    cursor:
      enForm && activo.selectionStart !== null ? [activo.selectionStart, activo.selectionEnd ?? activo.selectionStart] : null,
    enviar: form.dataset.enviar === '1',
  };
}

/** Removes the page's form and forgets what was read from it (a later login page starts empty). */
export function quitarArranque(): void {
  document.getElementById('arranque')?.remove();
  document.documentElement.classList.remove('arranque-login');
  leido = null;
}
