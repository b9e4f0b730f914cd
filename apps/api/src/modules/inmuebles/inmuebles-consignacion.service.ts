import { sql, type SQL } from 'drizzle-orm';
import { DIAS_AVISO_CONSIGNACION, ESTADOS_EN_OFERTA, type TipoInmueble } from '@predio/contract/inmuebles';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Despertador } from '../../platform/mail/outbox.ts';
import type { Hub } from '../../platform/realtime/hub.ts';
import { inTenant } from '../../platform/tenant.ts';
import { notificar } from '../../platform/notificar/notificar.ts';
import { nombreInmueble, TIPO_CARTA_VENCIMIENTO_CONSIGNACION } from './inmuebles-avisos.service.ts';
import { consignacionPorVencer, HOY_BOGOTA } from './inmuebles.repo.ts';

// Notice 204 («Vencimiento de consignación»): once a day, the asesores (captador and comercial) of
// every property still on the market are told when its consignment contract ends within
// DIAS_AVISO_CONSIGNACION days, and again when it has ended (within DIAS_AVISO_VENCIDA days after),
// each once per property and end date. One notice per asesor and kind lists all of theirs.

/** A consignment that ended up to this many days ago is told as ended; older ones only show in the search. */
export const DIAS_AVISO_VENCIDA = 7;

/** At most this many properties are named in one notice; the link lists them all. */
const NOMBRADOS = 10;

type Pendiente = {
  id_usuario: number;
  consecutivo: number;
  tipo: TipoInmueble;
  direccion: string;
  municipio: string | null;
  barrio: string | null;
  vigencia: string;
  dias: number;
};

const fecha = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const cuando = (p: Pendiente) =>
  p.dias === 0
    ? `vence hoy, ${fecha(p.vigencia)}`
    : `vence el ${fecha(p.vigencia)}, en ${p.dias === 1 ? '1 día' : `${p.dias} días`}`;

/** The consignment ended between DIAS_AVISO_VENCIDA days ago and yesterday. */
const recienVencida = (hoy: SQL) => sql`i.vigencia_consignacion between ${hoy} - ${DIAS_AVISO_VENCIDA}::int and ${hoy} - 1`;

const hace = (p: Pendiente) => (p.dias === -1 ? 'ayer' : `hace ${-p.dias} días`);

/** What tells one kind of notice from the other: the verb, each property's state, the list's opening. */
type Clase = {
  clase: 'por_vencer' | 'vencida';
  verbo: string;
  /** One property, in a sentence of its own. */
  solo: (p: Pendiente) => string;
  /** One property among several. */
  enLista: (p: Pendiente) => string;
  intro: string;
};

const POR_VENCER: Clase = {
  clase: 'por_vencer',
  verbo: 'Vence',
  solo: cuando,
  enLista: cuando,
  intro: `En los próximos ${DIAS_AVISO_CONSIGNACION} días vence la consignación de`,
};
const VENCIDA: Clase = {
  clase: 'vencida',
  verbo: 'Venció',
  solo: (p) => `venció el ${fecha(p.vigencia)}, ${hace(p)}, y el inmueble sigue en oferta`,
  enLista: (p) => `venció el ${fecha(p.vigencia)}`,
  intro: 'Siguen en oferta con la consignación vencida',
};

/** One asesor's notice: a property linked to itself; several listed, linked to the search filtered to them. */
function aviso(c: Clase, idUsuario: number, ps: Pendiente[]) {
  if (ps.length === 1) {
    const p = ps[0]!;
    return {
      titulo: `${c.verbo} la consignación del inmueble ${p.consecutivo}`,
      cuerpo: `La consignación del inmueble ${p.consecutivo} (${nombreInmueble(p)}) ${c.solo(p)}. Renuévela con el propietario y registre la nueva vigencia, o retire el inmueble.`,
      enlace: `/propiedades/inmueble/${p.consecutivo}`,
    };
  }
  const lista = ps
    .slice(0, NOMBRADOS)
    .map((p) => `inmueble ${p.consecutivo} (${nombreInmueble(p)}): ${c.enLista(p)}`)
    .join('; ');
  const mas = ps.length > NOMBRADOS ? `; y ${ps.length - NOMBRADOS} más` : '';
  return {
    titulo: `${c.verbo} la consignación de ${ps.length} inmuebles suyos`,
    cuerpo: `${c.intro}: ${lista}${mas}. Renuévelas con los propietarios y registre la nueva vigencia, o retire los inmuebles.`,
    enlace: `/propiedades/inmuebles-disponibles?estado=${ESTADOS_EN_OFERTA.join(',')}&consignacion=${c.clase}&asesor=${idUsuario}`,
  };
}

function ventanas(hoySql: SQL) {
  const enOferta = sql`i.estado = any(${sql.param([...ESTADOS_EN_OFERTA])}::text[])`;
  return [
    { c: POR_VENCER, ventana: sql`${consignacionPorVencer(hoySql)} and ${enOferta}` },
    { c: VENCIDA, ventana: sql`${recienVencida(hoySql)} and ${enOferta}` },
  ];
}

/** The companies with a property whose notice is due today (`hoy`, YYYY-MM-DD, stands for today in Bogotá in tests). */
export async function empresasConAvisos(o: { db: Database; hoy?: string }): Promise<number[]> {
  const clases = ventanas(o.hoy ? sql`${o.hoy}::date` : HOY_BOGOTA);
  const filas = await o.db.system((tx) =>
    queryRows<{ id_empresa: number }>(
      tx,
      sql`select distinct i.id_empresa from inmueble i
          where ${sql.join(
            clases.map((c) => sql`(${c.ventana})`),
            sql` or `,
          )} order by 1`,
    ),
  );
  return filas.map((f) => f.id_empresa);
}

/**
 * The daily pass over every company, or over one (`idEmpresa`: the job of that company). `hoy`
 * (YYYY-MM-DD) stands for today in Bogotá in tests. Running it twice, or from two processes at once,
 * tells nobody twice: the notice is recorded before it is sent and the record's key is property, end
 * date, asesor and kind.
 */
export async function avisarConsignaciones(o: {
  db: Database;
  hub: Hub;
  mailer: Despertador;
  hoy?: string;
  idEmpresa?: number;
}): Promise<{ empresas: number; avisos: number; inmuebles: number }> {
  const hoy: SQL = o.hoy ? sql`${o.hoy}::date` : HOY_BOGOTA;
  const clases = ventanas(hoy);
  const empresas = (await empresasConAvisos(o))
    .filter((id) => o.idEmpresa === undefined || id === o.idEmpresa)
    .map((id_empresa) => ({ id_empresa }));
  let avisos = 0;
  const inmuebles = new Set<string>();
  for (const { id_empresa } of empresas) {
    for (const { c, ventana } of clases)
      await inTenant(o.db, id_empresa, async (scope) => {
        // Recorded first: only what this pass recorded is sent.
        const pendientes = await queryRows<Pendiente>(
          scope.tx,
          sql`with candidatos as (
              select i.id, u.id as id_usuario, i.vigencia_consignacion as vigencia
              from inmueble i
              join usuarios u on u.activo and u.id in (i.id_asesor_captador, i.id_asesor_comercial)
              where ${ventana}
            ), nuevos as (
              insert into inmueble_consignacion_aviso (id_inmueble, vigencia, id_usuario, aviso)
              select id, vigencia, id_usuario, ${c.clase} from candidatos
              on conflict do nothing
              returning id_inmueble, vigencia, id_usuario
            )
            select n.id_usuario, i.consecutivo, i.tipo, i.direccion, m.municipio, b.nombre as barrio,
                   n.vigencia::text as vigencia, (n.vigencia - ${hoy})::int as dias
            from nuevos n join inmueble i on i.id = n.id_inmueble
            left join municipios m on m.id = i.id_municipio left join barrios b on b.id = i.id_barrio
            order by n.id_usuario, n.vigencia, i.consecutivo`,
        );
        const porUsuario = new Map<number, Pendiente[]>();
        for (const p of pendientes) {
          porUsuario.set(p.id_usuario, [...(porUsuario.get(p.id_usuario) ?? []), p]);
          inmuebles.add(`${id_empresa}:${p.consecutivo}`);
        }
        for (const [idUsuario, ps] of porUsuario) {
          await notificar(
            { ...scope, hub: o.hub, mailer: o.mailer },
            { idEmpresa: id_empresa, idUsuario, tipoCarta: TIPO_CARTA_VENCIMIENTO_CONSIGNACION, ...aviso(c, idUsuario, ps) },
          );
          avisos++;
        }
      });
  }
  return { empresas: empresas.length, avisos, inmuebles: inmuebles.size };
}
