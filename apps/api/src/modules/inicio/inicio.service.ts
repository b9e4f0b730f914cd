import type { InicioResumen } from '@predio/contract/empresa';
import { ESTADOS_ABIERTOS, IDM_CLIENTES_ATENDIDOS } from '@predio/contract/clientes';
import { ESTADOS_EN_OFERTA, IDMS_LECTURA_INMUEBLE } from '@predio/contract/inmuebles';
import { IDM_AGENDA } from '@predio/contract/agenda';
import { hasIdm } from '@predio/contract/menu';
import { IDM_SOLICITUDES } from '@predio/contract/solicitudes';
import { IDM_TAREAS } from '@predio/contract/tareas';
import type { Tx } from '../../db/client.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import * as agenda from '../agenda/agenda.service.ts';
import * as clientes from '../clientes/clientes.service.ts';
import * as inmuebles from '../inmuebles/inmuebles.service.ts';
import * as solicitudes from '../solicitudes/solicitudes.service.ts';
import * as tareas from '../tareas/tareas.service.ts';

type Contador = { idm: readonly number[]; contar: (tx: Tx, user: Principal) => Promise<number> };

const INMUEBLES = IDMS_LECTURA_INMUEBLE;

/**
 * What each home counter counts, and who may see it (any of the idm). Each counts with its list's own
 * filter, the one its card links to, so the card and the list it opens agree.
 */
const CONTADORES: Record<keyof InicioResumen, Contador | null> = {
  inmueblesDisponibles: { idm: INMUEBLES, contar: (tx) => inmuebles.contarInmuebles(tx, {}) },
  consignacionesPorVencer: {
    idm: INMUEBLES,
    contar: (tx, user) =>
      inmuebles.contarInmuebles(tx, { estado: [...ESTADOS_EN_OFERTA], asesor: user.idUsuario, consignacion: 'por_vencer' }),
  },
  clientesAbiertos: {
    idm: [IDM_CLIENTES_ATENDIDOS],
    contar: (tx, user) => clientes.contarClientes(tx, { estado: [...ESTADOS_ABIERTOS], asesor: user.idUsuario }),
  },
  solicitudesNuevas: { idm: [IDM_SOLICITUDES], contar: (tx) => solicitudes.contarSolicitudes(tx, { estado: ['nueva'] }) },
  citasHoy: { idm: [IDM_AGENDA], contar: (tx, user) => agenda.contarHoy(tx, user) },
  // Open tasks the user is responsible for (what «Mis tareas» lists first).
  tareasAbiertas: { idm: [IDM_TAREAS], contar: (tx, user) => tareas.contarAbiertas(tx, user) },
};

/** The home page's counters: each one the user may see, null for the others. */
export async function resumen(tx: Tx, user: Principal): Promise<InicioResumen> {
  const out: Partial<InicioResumen> = {};
  for (const [clave, c] of Object.entries(CONTADORES) as [keyof InicioResumen, Contador | null][]) {
    out[clave] = c && c.idm.some((idm) => hasIdm(user.permisos, idm)) ? await c.contar(tx, user) : null;
  }
  return out as InicioResumen;
}
