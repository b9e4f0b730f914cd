import { eq } from 'drizzle-orm';
import { SUPPORT_USER } from '@predio/contract/constants';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { instalacion } from '../../db/schema/plataforma.ts';

/** The README's password of the support login, for the demo database only. */
export const CLAVE_SOPORTE_DEMO = 'soporte1234';

export type Origen = 'demo' | 'empresa crear';

export async function origenDeLaBase(tx: Tx): Promise<string | null> {
  const r = await tx.select({ v: instalacion.valor }).from(instalacion).where(eq(instalacion.clave, 'origen')).limit(1);
  return r[0]?.v ?? null;
}

/** Writes how the database was made; the demo seed and `npm run empresa -- crear` call it. */
export async function marcarOrigen(tx: Tx, origen: Origen): Promise<void> {
  await tx
    .insert(instalacion)
    .values({ clave: 'origen', valor: origen })
    .onConflictDoUpdate({ target: instalacion.clave, set: { valor: origen, escritoEn: new Date() } });
}

export type AccesoSoporte = {
  /** null: the support login is off and answers like a wrong password. */
  clave: string | null;
  motivo: 'configurada' | 'demo' | 'produccion' | 'sin_demo';
};

/**
 * The support login's password: SUPPORT_PASSWORD when set; otherwise the README's, but only on the
 * demo (not NODE_ENV=production, SEED not none, a database the demo seed made). A password everyone
 * can read in the README must not open a real company.
 */
export async function accesoSoporte(
  tx: Tx,
  config: Pick<Config, 'supportPassword' | 'produccion' | 'seed'>,
): Promise<AccesoSoporte> {
  if (config.supportPassword) return { clave: config.supportPassword, motivo: 'configurada' };
  if (config.produccion) return { clave: null, motivo: 'produccion' };
  if (config.seed === 'demo' && (await origenDeLaBase(tx)) === 'demo') return { clave: CLAVE_SOPORTE_DEMO, motivo: 'demo' };
  return { clave: null, motivo: 'sin_demo' };
}

/** The start log's line about the support login. */
export function avisoSoporte(a: AccesoSoporte): { nivel: 'info' | 'warn'; texto: string } {
  const quien = `Ingreso de soporte (${SUPPORT_USER})`;
  switch (a.motivo) {
    case 'configurada':
      return { nivel: 'info', texto: `${quien} con la contraseña de SUPPORT_PASSWORD.` };
    case 'demo':
      return {
        nivel: 'warn',
        texto: `${quien} con la contraseña de demostración «${CLAVE_SOPORTE_DEMO}»: defina SUPPORT_PASSWORD antes de guardar datos reales.`,
      };
    case 'produccion':
      return { nivel: 'warn', texto: `${quien} apagado: NODE_ENV=production y SUPPORT_PASSWORD no está definida.` };
    case 'sin_demo':
      return {
        nivel: 'warn',
        texto: `${quien} apagado: la base de datos no es la de demostración y SUPPORT_PASSWORD no está definida.`,
      };
  }
}
