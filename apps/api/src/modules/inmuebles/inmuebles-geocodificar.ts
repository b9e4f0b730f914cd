import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import type { Geocodificador } from '../../platform/geo/geocodificador.ts';
import { encolar } from '../../platform/jobs/trabajos.ts';

export const TRABAJO_GEOCODIFICAR = 'inmuebles.geocodificar';

/** Who the audit log names for a place the geocoder found. */
export const USUARIO_GEOCODIFICADOR = 'geocodificador';

/**
 * A property saved without coordinates, when a geocoder is configured, gets a job that places it on the
 * map; one per save (the key carries the version), so editing the address asks again.
 */
export async function pedirUbicacion(
  tx: Tx,
  o: {
    geocoderUrl: string | null;
    idEmpresa: number;
    consecutivo: number;
    version: number;
    lat: number | null;
    direccion: string;
  },
): Promise<void> {
  if (o.geocoderUrl === null || o.lat !== null || o.direccion.trim() === '') return;
  await encolar(tx, {
    tipo: TRABAJO_GEOCODIFICAR,
    idEmpresa: o.idEmpresa,
    datos: { consecutivo: o.consecutivo },
    clave: `geocodificar:${o.consecutivo}:${o.version}`,
  });
}

type Fila = { id: number; lat: number | null; direccion: string; barrio: string | null; municipio: string | null };

const leer = async (tx: Tx, consecutivo: number) =>
  (
    await queryRows<Fila>(
      tx,
      sql`select i.id, i.lat, i.direccion,
                 (select nombre from barrios where id = i.id_barrio) as barrio,
                 (select municipio from municipios where id = i.id_municipio) as municipio
            from inmueble i where i.consecutivo = ${consecutivo}`,
    )
  )[0] ?? null;

/**
 * The job: asks the geocoder for the address (outside any transaction: it may take seconds), then writes
 * the place only if the property still has none, recorded in its history like a Geolocalizar.
 */
export async function geocodificarInmueble(o: {
  db: Database;
  geocodificar: Geocodificador;
  idEmpresa: number;
  consecutivo: number;
}): Promise<{ resultado: 'ubicado' | 'sin resultado' | 'ya ubicado' | 'no existe'; lat?: number; lng?: number }> {
  const f = await o.db.tenant(o.idEmpresa, (tx) => leer(tx, o.consecutivo));
  if (!f) return { resultado: 'no existe' };
  if (f.lat !== null) return { resultado: 'ya ubicado' };
  const direccion = [f.direccion, f.barrio, f.municipio, 'Colombia'].filter((x) => x && x.trim() !== '').join(', ');
  const c = await o.geocodificar(direccion);
  if (!c) return { resultado: 'sin resultado' };
  return o.db.tenant(o.idEmpresa, async (tx) => {
    const [ahora] = await queryRows<{ id: number; lat: number | null }>(
      tx,
      sql`select id, lat from inmueble where consecutivo = ${o.consecutivo} for update`,
    );
    // Someone placed it by hand meanwhile: theirs stands.
    if (!ahora || ahora.lat !== null) return { resultado: 'ya ubicado' as const };
    await tx.execute(
      sql`update inmueble set lat = ${c.lat}, lng = ${c.lng}, version = version + 1,
                 modificado_por = ${USUARIO_GEOCODIFICADOR}, modificado_en = now()
           where id = ${ahora.id}`,
    );
    await registrarAuditoria(tx, {
      idUsuario: null,
      usuario: USUARIO_GEOCODIFICADOR,
      accion: 'geolocalizar',
      entidad: 'inmuebles',
      entidadId: String(o.consecutivo),
      cambios: { lat: { antes: null, despues: c.lat }, lng: { antes: null, despues: c.lng } },
    });
    return { resultado: 'ubicado' as const, ...c };
  });
}
