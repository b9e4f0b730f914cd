import { sql, type SQL } from 'drizzle-orm';
import type {
  DetalleCambios,
  Espacio,
  EstadoInventario,
  Firma,
  InventarioFila,
  InventarioPortal,
  Parte,
  RadicadoInventario,
  RolParte,
  TerceroInventario,
  InventariosFiltro,
  OpcionesInventario,
  RolFirma,
  TipoInventario,
} from '@predio/contract/inventarios';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { contiene, contieneCadaPalabra, palabras } from '../../platform/busqueda.ts';

const y = (conds: (SQL | undefined)[]) => {
  const c = conds.filter((x): x is SQL => x !== undefined);
  return c.length ? sql.join(c, sql` and `) : sql`true`;
};

const SELECT_FILA = sql`
  select v.id, v.consecutivo, v.tipo, v.estado, to_char(v.fecha, 'YYYY-MM-DD') as fecha, v.plantilla, v.tomado_por,
         json_build_object('consecutivo', i.consecutivo, 'direccion', i.direccion) as inmueble,
         (select json_build_object('hechos', count(*) filter (where d.estado is not null or d.cantidad is not null or d.lectura <> ''),
                                   'total', count(*))
            from inventario_detalle d where d.id_empresa = v.id_empresa and d.id_inventario = v.id) as avance,
         v.cerrado_en
  from inventario v join inmueble i on i.id_empresa = v.id_empresa and i.id = v.id_inmueble`;

type FilaCruda = Omit<InventarioFila, 'cerrado_en'> & { cerrado_en: Date | string | null };
const aFila = (f: FilaCruda): InventarioFila => ({
  ...f,
  cerrado_en: f.cerrado_en ? new Date(f.cerrado_en).toISOString() : null,
});

const ORDEN: Record<string, SQL> = {
  consecutivo: sql`v.consecutivo`,
  fecha: sql`v.fecha`,
  tipo: sql`v.tipo`,
  estado: sql`v.estado`,
  inmueble: sql`i.consecutivo`,
};

export function filtro(f: InventariosFiltro & { q?: string | undefined; idInmueble?: number | null; idContrato?: number }): SQL {
  return y([
    f.idContrato !== undefined ? sql`v.id_contrato = ${f.idContrato}` : undefined,
    f.idInmueble !== undefined ? sql`v.id_inmueble = ${f.idInmueble ?? 0}` : undefined,
    f.tipo ? sql`v.tipo = ${f.tipo}` : undefined,
    f.estado ? sql`v.estado = ${f.estado}` : undefined,
    f.desde ? sql`v.fecha >= ${f.desde}::date` : undefined,
    f.hasta ? sql`v.fecha <= ${f.hasta}::date` : undefined,
    f.usuario ? sql`v.id_usuario = ${f.usuario}` : undefined,
    ...contieneCadaPalabra(
      sql`lower(predio_unaccent(i.direccion || ' ' || v.tomado_por || ' ' || v.plantilla || ' ' || v.consecutivo::text))`,
      f.q,
    ),
  ]);
}

export async function listar(
  tx: Tx,
  o: { where: SQL; sort?: string | undefined; order?: 'asc' | 'desc' | undefined; limit: number; offset: number },
): Promise<{ items: InventarioFila[]; total: number }> {
  const orden = ORDEN[o.sort ?? ''] ?? sql`v.fecha`;
  const dir = o.order === 'asc' ? sql`asc` : sql`desc`;
  const items = await queryRows<FilaCruda>(
    tx,
    sql`${SELECT_FILA} where ${o.where} order by ${orden} ${dir}, v.id desc limit ${o.limit} offset ${o.offset}`,
  );
  const [t] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from inventario v join inmueble i on i.id_empresa = v.id_empresa and i.id = v.id_inmueble where ${o.where}`,
  );
  return { items: items.map(aFila), total: t?.n ?? 0 };
}

export type Cabecera = InventarioFila & {
  observaciones: string;
  id_origen: number | null;
  id_inmueble: number;
  pdf_sha256: string | null;
  id_archivo_pdf: number | null;
  version: number;
  origen: { id: number; consecutivo: number } | null;
  radicado: RadicadoInventario | null;
  radicado_acta: RadicadoInventario | null;
  id_firma_documento: number | null;
  id_contrato: number | null;
};

export async function cabecera(tx: Tx, id: number, bloquear = false): Promise<Cabecera | null> {
  const [f] = await queryRows<FilaCruda & Omit<Cabecera, keyof InventarioFila>>(
    tx,
    sql`select x.*, v.observaciones, v.id_origen, v.id_inmueble, v.pdf_sha256, v.id_archivo_pdf, v.version, v.id_firma_documento, v.id_contrato,
               (select json_build_object('id', o.id, 'consecutivo', o.consecutivo) from inventario o
                 where o.id_empresa = v.id_empresa and o.id = v.id_origen) as origen,
               (select json_build_object('id', r.id, 'radicado', r.radicado) from radicado r
                 where r.id_empresa = v.id_empresa and r.id = v.id_radicado) as radicado,
               (select json_build_object('id', r.id, 'radicado', r.radicado) from radicado r
                 where r.id_empresa = v.id_empresa and r.id = v.id_radicado_acta) as radicado_acta
        from (${SELECT_FILA} where v.id = ${id}) x join inventario v on v.id = x.id
        ${bloquear ? sql`for update of v` : sql``}`,
  );
  return f ? { ...f, ...aFila(f) } : null;
}

export async function espacios(tx: Tx, id: number): Promise<Espacio[]> {
  return queryRows<Espacio>(
    tx,
    sql`select e.id, e.nombre, e.orden, e.repetible,
               coalesce((select json_agg(json_build_object(
                          'id', d.id, 'nombre', d.nombre, 'orden', d.orden, 'tipo', d.tipo, 'estado', d.estado,
                          'comentario', d.comentario, 'cantidad', d.cantidad, 'lectura', d.lectura,
                          'costo', d.costo::float8, 'responsable', d.responsable, 'id_origen', d.id_origen,
                          'fotos', (select count(*) from archivo a where a.id_empresa = d.id_empresa
                                      and a.tipo_dueno = 'inventario_detalle' and a.id_dueno = d.id::text))
                          order by d.orden, d.id)
                         from inventario_detalle d where d.id_empresa = e.id_empresa and d.id_espacio = e.id), '[]') as detalles
        from inventario_espacio e where e.id_inventario = ${id} order by e.orden, e.id`,
  );
}

export async function firmas(tx: Tx, id: number): Promise<Firma[]> {
  const filas = await queryRows<{
    rol: RolFirma;
    nombre: string;
    documento: string;
    email: string;
    firmado_en: Date | string;
    imagen: string;
  }>(
    tx,
    sql`select rol, nombre, documento, email, firmado_en, encode(imagen, 'base64') as imagen
        from inventario_firma where id_inventario = ${id} order by array_position(array['arrendatario','propietario','inmobiliaria'], rol)`,
  );
  return filas.map((f) => ({
    ...f,
    firmado_en: new Date(f.firmado_en).toISOString(),
    imagen: `data:image/png;base64,${f.imagen.replace(/\s/g, '')}`,
  }));
}

export async function inmueblePorConsecutivo(tx: Tx, consecutivo: number) {
  const [i] = await queryRows<{ id: number; tipo: string; direccion: string }>(
    tx,
    sql`select id, tipo, direccion from inmueble where consecutivo = ${consecutivo}`,
  );
  return i ?? null;
}

/** The property's last closed entrega: a devolución starts from it. */
export async function ultimaEntrega(tx: Tx, idInmueble: number) {
  const [r] = await queryRows<{ id: number; id_plantilla: number | null; plantilla: string; id_contrato: number | null }>(
    tx,
    sql`select id, id_plantilla, plantilla, id_contrato from inventario where id_inmueble = ${idInmueble} and tipo = 'entrega' and estado = 'cerrado'
        order by fecha desc, id desc limit 1`,
  );
  return r ?? null;
}

export async function insertar(
  tx: Tx,
  v: {
    consecutivo: number;
    idInmueble: number;
    tipo: TipoInventario;
    fecha: string;
    idPlantilla: number | null;
    plantilla: string;
    idOrigen: number | null;
    idContrato: number | null;
    idUsuario: number | null;
    tomadoPor: string;
    observaciones: string;
  },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into inventario (consecutivo, id_inmueble, tipo, fecha, id_plantilla, plantilla, id_origen, id_contrato, id_usuario, tomado_por, observaciones)
        values (${v.consecutivo}, ${v.idInmueble}, ${v.tipo}, ${v.fecha}::date, ${v.idPlantilla}, ${v.plantilla}, ${v.idOrigen},
                ${v.idContrato}, ${v.idUsuario}, ${v.tomadoPor}, ${v.observaciones}) returning id`,
  );
  return r!.id;
}

/** Spaces and items from the template, in its order. */
export async function copiarPlantilla(tx: Tx, idInventario: number, idPlantilla: number): Promise<void> {
  await tx.execute(
    sql`insert into inventario_espacio (id_inventario, nombre, orden, base, repetible)
        select ${idInventario}, c.nombre, c.orden, c.id::text, c.repetible from inventario_categoria c
        where c.id_plantilla = ${idPlantilla}`,
  );
  await tx.execute(
    sql`insert into inventario_detalle (id_inventario, id_espacio, nombre, orden, tipo)
        select ${idInventario}, e.id, i.nombre, i.orden, i.tipo
        from inventario_espacio e join inventario_item i on i.id_empresa = e.id_empresa and i.id_categoria = e.base::int
        where e.id_inventario = ${idInventario}`,
  );
}

/** A devolución as a copy of the entrega: its spaces, items and answers, each item pointing at its original. */
export async function copiarInventario(tx: Tx, idInventario: number, idOrigen: number): Promise<void> {
  await tx.execute(
    sql`insert into inventario_espacio (id_inventario, nombre, orden, base, repetible)
        select ${idInventario}, e.nombre, e.orden, e.id::text, e.repetible from inventario_espacio e where e.id_inventario = ${idOrigen}`,
  );
  await tx.execute(
    sql`insert into inventario_detalle (id_inventario, id_espacio, nombre, orden, tipo, estado, comentario, cantidad, lectura, id_origen)
        select ${idInventario}, n.id, d.nombre, d.orden, d.tipo, d.estado, d.comentario, d.cantidad, d.lectura, d.id
        from inventario_espacio n join inventario_detalle d on d.id_empresa = n.id_empresa and d.id_espacio = n.base::int
        where n.id_inventario = ${idInventario}`,
  );
}

/** A repeated space (Alcoba 2): the items of `idEspacio`, blank. */
export async function repetirEspacio(tx: Tx, idInventario: number, idEspacio: number): Promise<number | null> {
  const [e] = await queryRows<{ nombre: string; base: string; repetible: boolean; orden: number }>(
    tx,
    sql`select nombre, base, repetible, orden from inventario_espacio where id = ${idEspacio} and id_inventario = ${idInventario}`,
  );
  if (!e) return null;
  // «Alcoba 2» repeated gives the next number after the highest «Alcoba N» of the inventory.
  const raiz = e.nombre.replace(/\s+\d+$/, '');
  const nombres = await queryRows<{ nombre: string }>(
    tx,
    sql`select nombre from inventario_espacio where id_inventario = ${idInventario}`,
  );
  const numeros = nombres.map((x) =>
    x.nombre === raiz ? 1 : x.nombre.startsWith(`${raiz} `) ? Number(x.nombre.slice(raiz.length + 1)) : 0,
  );
  const siguiente = Math.max(1, ...numeros.filter((x) => Number.isInteger(x))) + 1;
  const [nuevo] = await queryRows<{ id: number }>(
    tx,
    sql`insert into inventario_espacio (id_inventario, nombre, orden, base, repetible)
        values (${idInventario}, ${`${raiz} ${siguiente}`}, ${e.orden}, ${e.base}, true) returning id`,
  );
  await tx.execute(
    sql`insert into inventario_detalle (id_inventario, id_espacio, nombre, orden, tipo)
        select ${idInventario}, ${nuevo!.id}, d.nombre, d.orden, d.tipo from inventario_detalle d where d.id_espacio = ${idEspacio}`,
  );
  return nuevo!.id;
}

export type FilaDetalle = {
  id: number;
  id_inventario: number;
  tipo: 'estado' | 'lectura' | 'llaves';
  estado: 'conforme' | 'no_conforme' | 'no_aplica' | null;
  comentario: string;
  cantidad: number | null;
  lectura: string;
  costo: number | null;
  responsable: 'arrendatario' | 'propietario' | 'desgaste' | null;
};

export async function detalle(tx: Tx, id: number): Promise<FilaDetalle | null> {
  const [d] = await queryRows<FilaDetalle>(
    tx,
    sql`select id, id_inventario, tipo, estado, comentario, cantidad, lectura, costo::float8 as costo, responsable
        from inventario_detalle where id = ${id}`,
  );
  return d ?? null;
}

export async function guardarDetalle(tx: Tx, id: number, c: Required<{ [K in keyof DetalleCambios]: DetalleCambios[K] }>) {
  await tx.execute(
    sql`update inventario_detalle set estado = ${c.estado}, comentario = ${c.comentario}, cantidad = ${c.cantidad},
        lectura = ${c.lectura}, costo = ${c.costo}, responsable = ${c.responsable}, modificado_en = now() where id = ${id}`,
  );
}

export async function tocar(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`update inventario set version = version + 1, modificado_en = now() where id = ${id}`);
}

export async function actualizarCabecera(
  tx: Tx,
  id: number,
  c: { fecha?: string | undefined; observaciones?: string | undefined; id_contrato?: number | null | undefined },
) {
  await tx.execute(
    sql`update inventario set fecha = coalesce(${c.fecha ?? null}::date, fecha), observaciones = coalesce(${c.observaciones ?? null}, observaciones),
        ${c.id_contrato !== undefined ? sql`id_contrato = ${c.id_contrato},` : sql``}
        version = version + 1, modificado_en = now() where id = ${id}`,
  );
}

export async function guardarFirma(
  tx: Tx,
  id: number,
  rol: RolFirma,
  f: { nombre: string; documento: string; email: string; png: Buffer },
) {
  await tx.execute(
    sql`insert into inventario_firma (id_inventario, rol, nombre, documento, email, imagen)
        values (${id}, ${rol}, ${f.nombre}, ${f.documento}, ${f.email}, ${f.png})
        on conflict (id_empresa, id_inventario, rol) do update set nombre = excluded.nombre, documento = excluded.documento,
        email = excluded.email,
        imagen = excluded.imagen, firmado_en = now()`,
  );
}

export const borrarFirma = (tx: Tx, id: number, rol: RolFirma) =>
  tx.execute(sql`delete from inventario_firma where id_inventario = ${id} and rol = ${rol}`);

export async function cerrar(tx: Tx, id: number, o: { usuario: string; sha256: string; idArchivo: number }) {
  await tx.execute(
    sql`update inventario set estado = ${'cerrado' satisfies EstadoInventario}, cerrado_en = now(), cerrado_por = ${o.usuario},
        pdf_sha256 = ${o.sha256}, id_archivo_pdf = ${o.idArchivo}, version = version + 1, modificado_en = now() where id = ${id}`,
  );
}

/** The inventory's document in firmas electrónicas with its signers, or null. */
export const ponerFirmaDocumento = (tx: Tx, id: number, idDocumento: number) =>
  tx.execute(sql`update inventario set id_firma_documento = ${idDocumento}, version = version + 1, modificado_en = now()
                 where id = ${id}`);

/** The inventory a firmas document was sent for, locked; null for any other document. */
export async function porFirmaDocumento(tx: Tx, idDocumento: number): Promise<number | null> {
  const [f] = await queryRows<{ id: number }>(
    tx,
    sql`select id from inventario where id_firma_documento = ${idDocumento} for update`,
  );
  return f?.id ?? null;
}

export const borrar = async (tx: Tx, id: number) =>
  (await queryRows(tx, sql`delete from inventario where id = ${id} returning id`)).length > 0;

/** Photos of the items of an inventory: detalle id → archivo ids with their storage key, in order. */
export async function fotos(tx: Tx, idInventario: number) {
  return queryRows<{ id_detalle: number; id: number; clave: string; content_type: string }>(
    tx,
    sql`select d.id as id_detalle, a.id, a.clave, a.content_type from inventario_detalle d
        join archivo a on a.id_empresa = d.id_empresa and a.tipo_dueno = 'inventario_detalle' and a.id_dueno = d.id::text
        where d.id_inventario = ${idInventario} order by d.id, a.orden, a.id`,
  );
}

/** Who closes the loop on a detalle for archivos: its inventory's id and estado. */
export async function estadoDeDetalle(tx: Tx, idDetalle: number, bloquear: boolean) {
  const [r] = await queryRows<{ id_inventario: number; estado: EstadoInventario }>(
    tx,
    sql`select v.id as id_inventario, v.estado from inventario_detalle d join inventario v on v.id_empresa = d.id_empresa and v.id = d.id_inventario
        where d.id = ${idDetalle} ${bloquear ? sql`for update of v` : sql``}`,
  );
  return r ?? null;
}

export async function opciones(tx: Tx): Promise<OpcionesInventario> {
  const plantillas = await queryRows<OpcionesInventario['plantillas'][number]>(
    tx,
    sql`select id, nombre, tipo_inmueble from inventario_plantilla where activa order by nombre`,
  );
  const usuarios = await queryRows<OpcionesInventario['usuarios'][number]>(
    tx,
    sql`select id, coalesce(nullif(nombre, ''), usuario) as nombre from usuarios order by 2`,
  );
  return { plantillas, usuarios };
}

export async function plantillaNombre(tx: Tx, id: number) {
  const [p] = await queryRows<{ nombre: string; activa: boolean }>(
    tx,
    sql`select nombre, activa from inventario_plantilla where id = ${id}`,
  );
  return p ?? null;
}

// ---- Parties (terceros present)

export function partes(tx: Tx, id: number): Promise<Parte[]> {
  return queryRows<Parte>(
    tx,
    sql`select id, rol, id_tercero, nombre, documento, email from inventario_parte where id_inventario = ${id}
        order by array_position(array['arrendatario','propietario','otro'], rol), id`,
  );
}

export async function agregarParte(
  tx: Tx,
  id: number,
  p: { rol: RolParte; idTercero: number | null; nombre: string; documento: string; email: string },
): Promise<number> {
  const [r] = await queryRows<{ id: number }>(
    tx,
    sql`insert into inventario_parte (id_inventario, rol, id_tercero, nombre, documento, email)
        values (${id}, ${p.rol}, ${p.idTercero}, ${p.nombre}, ${p.documento}, ${p.email}) returning id`,
  );
  return r!.id;
}

export async function borrarParte(tx: Tx, id: number, parte: number): Promise<Parte | null> {
  const [r] = await queryRows<Parte>(
    tx,
    sql`delete from inventario_parte where id = ${parte} and id_inventario = ${id}
        returning id, rol, id_tercero, nombre, documento, email`,
  );
  return r ?? null;
}

export async function tercero(tx: Tx, id: number): Promise<TerceroInventario | null> {
  const [t] = await queryRows<TerceroInventario>(tx, sql`select id, nombre, nro_id, email from terceros where id = ${id}`);
  return t ?? null;
}

/** Active terceros matching every word (name, document, phone, e-mail), or the one with `id`: the party picker. */
export function buscarTerceros(tx: Tx, q: string | undefined, id?: number): Promise<TerceroInventario[]> {
  const conds =
    id !== undefined ? [sql`id = ${id}`] : [sql`activo`, ...palabras(q).map((p) => contiene(sql.raw('texto_busqueda'), p))];
  return queryRows<TerceroInventario>(
    tx,
    sql`select id, nombre, nro_id, email from terceros where ${sql.join(conds, sql` and `)}
        order by lower(predio_unaccent(nombre)) limit 20`,
  );
}

// ---- Filing in gestión documental

export async function ponerRadicado(tx: Tx, id: number, cual: 'pdf' | 'acta', idRadicado: number): Promise<void> {
  await tx.execute(
    cual === 'pdf'
      ? sql`update inventario set id_radicado = ${idRadicado} where id = ${id}`
      : sql`update inventario set id_radicado_acta = ${idRadicado} where id = ${id}`,
  );
}

/** The filed file (pdf or acta) of an inventory: the newest of its category. */
export async function archivoFiled(tx: Tx, id: number, categoria: 'pdf' | 'acta') {
  const [a] = await queryRows<{ id: number; clave: string; nombre: string; bytes: number; sha256: string }>(
    tx,
    sql`select id, clave, nombre, bytes::int as bytes, sha256 from archivo
        where tipo_dueno = 'inventario' and id_dueno = ${String(id)} and categoria = ${categoria} order by id desc limit 1`,
  );
  return a ?? null;
}

// ---- Zona clientes

/**
 * Closed inventories a portal client may see: those naming their tercero as a party, those of a property
 * they own, and those of a property they rent unless the inventory names another tercero as its tenant
 * (a former tenant's move-in is theirs, not the new tenant's).
 */
function visiblesPara(idTercero: number): SQL {
  return sql`v.estado = 'cerrado' and (
      exists (select 1 from inventario_parte p where p.id_empresa = v.id_empresa and p.id_inventario = v.id and p.id_tercero = ${idTercero})
      or exists (select 1 from inmueble_propietario ip where ip.id_empresa = v.id_empresa and ip.id_inmueble = v.id_inmueble
                   and ip.id_tercero = ${idTercero})
      or (exists (select 1 from inmueble_arrendatario ia where ia.id_empresa = v.id_empresa and ia.id_inmueble = v.id_inmueble
                    and ia.id_tercero = ${idTercero})
          and not exists (select 1 from inventario_parte p where p.id_empresa = v.id_empresa and p.id_inventario = v.id
                            and p.rol = 'arrendatario' and p.id_tercero is not null and p.id_tercero <> ${idTercero})))`;
}

export async function paraTercero(tx: Tx, idTercero: number, id?: number): Promise<InventarioPortal[]> {
  const filas = await queryRows<Omit<InventarioPortal, 'cerrado_en'> & { cerrado_en: Date | string }>(
    tx,
    sql`select v.id, v.consecutivo, v.tipo, to_char(v.fecha, 'YYYY-MM-DD') as fecha,
               json_build_object('consecutivo', i.consecutivo, 'direccion', i.direccion) as inmueble, v.cerrado_en,
               exists (select 1 from archivo a where a.id_empresa = v.id_empresa and a.tipo_dueno = 'inventario'
                         and a.id_dueno = v.id::text and a.categoria = 'acta') as acta
        from inventario v join inmueble i on i.id_empresa = v.id_empresa and i.id = v.id_inmueble
        where ${visiblesPara(idTercero)} ${id !== undefined ? sql`and v.id = ${id}` : sql``}
        order by v.fecha desc, v.id desc limit 200`,
  );
  return filas.map((f) => ({ ...f, cerrado_en: new Date(f.cerrado_en).toISOString() }));
}
