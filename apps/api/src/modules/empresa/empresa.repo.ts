import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AgenciaGuardar } from '@predio/contract/empresa';
import type { Tx } from '../../db/client.ts';
import { agencia, configuracion, empresa } from '../../db/schema/empresa.ts';
import { usuarios } from '../../db/schema/usuarios.ts';

export async function actual(tx: Tx) {
  const r = await tx.select().from(empresa).limit(1);
  return r[0] ?? null;
}

export type EmpresaValores = Partial<Omit<typeof empresa.$inferInsert, 'idEmpresa' | 'creadoEn'>>;

export async function actualizar(tx: Tx, v: EmpresaValores): Promise<void> {
  // RLS leaves only the caller's company row.
  await tx.update(empresa).set(v);
}

export async function usuariosActivos(tx: Tx): Promise<number> {
  const r = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(eq(usuarios.activo, true));
  return r[0]?.n ?? 0;
}

/** Active users (default asesor / auxiliar candidates). */
export async function usuariosOpciones(tx: Tx) {
  return tx
    .select({ usuario: usuarios.usuario, nombre: usuarios.nombre })
    .from(usuarios)
    .where(eq(usuarios.activo, true))
    .orderBy(sql`lower(${usuarios.usuario})`);
}

export async function usuarioActivo(tx: Tx, usuario: string): Promise<string | null> {
  const r = await tx
    .select({ usuario: usuarios.usuario })
    .from(usuarios)
    .where(and(sql`lower(${usuarios.usuario}) = lower(${usuario})`, eq(usuarios.activo, true)))
    .limit(1);
  return r[0]?.usuario ?? null;
}

export async function configuracionActual(tx: Tx) {
  const r = await tx.select().from(configuracion).limit(1);
  return r[0] ?? null;
}

export async function guardarConfiguracion(tx: Tx, v: { carpetaDeArchivosWeb: string; https: boolean; ajustes: unknown }) {
  await tx.insert(configuracion).values(v).onConflictDoUpdate({ target: configuracion.idEmpresa, set: v });
}

const colsAgencia = {
  id: agencia.id,
  nombre: agencia.nombre,
  direccion: agencia.direccion,
  telefono: agencia.telefono,
  activo: agencia.activo,
};

export const agencias = (tx: Tx) =>
  tx
    .select(colsAgencia)
    .from(agencia)
    .orderBy(sql`lower(${agencia.nombre})`, asc(agencia.id));

export async function agenciaPorId(tx: Tx, id: number) {
  const r = await tx.select(colsAgencia).from(agencia).where(eq(agencia.id, id)).limit(1);
  return r[0] ?? null;
}

export async function insertarAgencia(tx: Tx, v: AgenciaGuardar): Promise<number> {
  const [r] = await tx.insert(agencia).values(v).returning({ id: agencia.id });
  return r!.id;
}

export async function actualizarAgencia(tx: Tx, id: number, v: AgenciaGuardar): Promise<void> {
  await tx.update(agencia).set(v).where(eq(agencia.id, id));
}

export async function eliminarAgencia(tx: Tx, id: number): Promise<void> {
  await tx.delete(agencia).where(eq(agencia.id, id));
}

export async function usuariosEnAgencia(tx: Tx, id: number): Promise<number> {
  const r = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(eq(usuarios.agencia, id));
  return r[0]?.n ?? 0;
}

/** Of these logo file names, the one the company shows (if it is among them). */
export async function logosEnUso(tx: Tx, nombres: string[]): Promise<string[]> {
  const filas = await tx.select({ logo: empresa.logo }).from(empresa).where(inArray(empresa.logo, nombres));
  return filas.map((f) => f.logo!);
}
