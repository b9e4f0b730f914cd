import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { empresa } from '../../db/schema/empresa.ts';
import { bitacoraAceptacion, bitacoraAviso, sesion, sesionDispositivo, usuarios } from '../../db/schema/usuarios.ts';

export async function empresaExiste(tx: Tx): Promise<boolean> {
  const r = await tx.select({ id: empresa.idEmpresa }).from(empresa).limit(1);
  return r.length > 0;
}

export async function usuarioPorNombre(tx: Tx, usuario: string) {
  const r = await tx
    .select()
    .from(usuarios)
    .where(sql`lower(${usuarios.usuario}) = lower(${usuario})`)
    .limit(1);
  return r[0] ?? null;
}

/** The company administrators who can still log in. */
export async function administradores(tx: Tx): Promise<number[]> {
  const r = await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(eq(usuarios.admemp, true), eq(usuarios.activo, true)))
    .orderBy(usuarios.id);
  return r.map((x) => x.id);
}

export async function usuarioPorId(tx: Tx, id: number) {
  const r = await tx.select().from(usuarios).where(eq(usuarios.id, id)).limit(1);
  return r[0] ?? null;
}

export async function crearSesion(
  tx: Tx,
  s: { id: string; idUsuario: number | null; usuario: string; expiraEn: Date; ip: string; userAgent: string },
) {
  await tx.insert(sesion).values(s);
}

/** The previous session of this user, to tell a new device apart. */
export async function ultimaSesion(tx: Tx, usuario: string) {
  const r = await tx
    .select({ ip: sesion.ip, userAgent: sesion.userAgent })
    .from(sesion)
    .where(sql`lower(${sesion.usuario}) = lower(${usuario})`)
    .orderBy(desc(sesion.creadaEn))
    .limit(1);
  return r[0] ?? null;
}

export async function cerrarSesion(tx: Tx, jti: string): Promise<boolean> {
  const r = await tx
    .update(sesion)
    .set({ cerradaEn: new Date() })
    .where(and(eq(sesion.id, jti), isNull(sesion.cerradaEn)))
    .returning({ id: sesion.id });
  return r.length > 0;
}

export async function guardarDispositivo(tx: Tx, idSesion: string, firebaseId: string | null, deviceInfo: unknown) {
  // One device record per session: a reload replaces it instead of piling up rows.
  await tx.delete(sesionDispositivo).where(eq(sesionDispositivo.idSesion, idSesion));
  await tx.insert(sesionDispositivo).values({ idSesion, firebaseId, deviceInfo });
}

export async function avisoVigente(tx: Tx) {
  const r = await tx
    .select({ version: bitacoraAviso.version, html: bitacoraAviso.html })
    .from(bitacoraAviso)
    .where(eq(bitacoraAviso.activo, true))
    .orderBy(desc(bitacoraAviso.version))
    .limit(1);
  return r[0] ?? null;
}

export async function aceptoVersion(tx: Tx, idUsuario: number, version: number): Promise<boolean> {
  const r = await tx
    .select({ v: bitacoraAceptacion.version })
    .from(bitacoraAceptacion)
    .where(and(eq(bitacoraAceptacion.idUsuario, idUsuario), eq(bitacoraAceptacion.version, version)))
    .limit(1);
  return r.length > 0;
}

export async function registrarAceptacion(tx: Tx, idUsuario: number, version: number) {
  await tx.insert(bitacoraAceptacion).values({ idUsuario, version }).onConflictDoNothing();
}
