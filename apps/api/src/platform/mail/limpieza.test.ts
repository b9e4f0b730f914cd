import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { correoSalida, type AdjuntoCorreo } from '../../db/schema/correo.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { borrarAdjuntosHuerfanos, borrarAdjuntosViejos, limpiarAdjuntos } from './limpieza.ts';

let t: TestApp;
const DIA = 86_400_000;
const ahora = new Date('2026-11-22T12:00:00Z');
const haceDias = (n: number) => new Date(ahora.getTime() - n * DIA);

const adjunto = (empresa: number, nombre: string): AdjuntoCorreo => ({
  nombre,
  clave: `${empresa}/correos/${nombre}`,
  tipo: 'application/pdf',
});

/** A message in the outbox, with its files put in storage. */
async function correo(
  empresa: number,
  c: { para: string; estado: string; creado: Date; enviado: Date | null; adjuntos: AdjuntoCorreo[] },
) {
  for (const a of c.adjuntos) await t.deps.storage.put(a.clave, Buffer.from(`%PDF-${a.nombre}`));
  await t.db.tenant(empresa, (tx) =>
    tx.insert(correoSalida).values({
      para: c.para,
      asunto: 'Fichas',
      texto: 'x',
      origen: 'prueba',
      adjuntos: c.adjuntos,
      estado: c.estado,
      creadoEn: c.creado,
      enviadoEn: c.enviado,
    }),
  );
}

const existe = async (a: AdjuntoCorreo) => (await t.deps.storage.get(a.clave)) !== null;
const adjuntosDe = (empresa: number, para: string) =>
  t.db
    .tenant(empresa, (tx) =>
      queryRows<{ adjuntos: AdjuntoCorreo[] }>(tx, sql`select adjuntos from correo_salida where para = ${para}`),
    )
    .then((r) => r[0]!.adjuntos);

const soloA = adjunto(1, 'ficha-inmueble-1.pdf');
const compartido = adjunto(1, 'ficha-inmueble-2.pdf');
const pendiente = adjunto(1, 'ficha-inmueble-3.pdf');
const fallido = adjunto(1, 'ficha-inmueble-4.pdf');
const otraEmpresa = adjunto(2, 'ficha-inmueble-5.pdf');

beforeAll(async () => {
  t = await createTestApp();
  // Sent 100 days ago, with a ficha of its own and one it shares with a message sent 10 days ago.
  await correo(1, {
    para: 'a@example.com',
    estado: 'enviado',
    creado: haceDias(100),
    enviado: haceDias(100),
    adjuntos: [soloA, compartido],
  });
  await correo(1, {
    para: 'b@example.com',
    estado: 'enviado',
    creado: haceDias(10),
    enviado: haceDias(10),
    adjuntos: [compartido],
  });
  // Still waiting to go out, however old: its file stays.
  await correo(1, { para: 'c@example.com', estado: 'pendiente', creado: haceDias(100), enviado: null, adjuntos: [pendiente] });
  // Given up on 100 days ago.
  await correo(1, { para: 'd@example.com', estado: 'error', creado: haceDias(100), enviado: null, adjuntos: [fallido] });
  await correo(2, {
    para: 'e@example.com',
    estado: 'enviado',
    creado: haceDias(95),
    enviado: haceDias(95),
    adjuntos: [otraEmpresa],
  });
});
afterAll(() => t.close());

describe('files of sent e-mails leave storage after CORREO_ADJUNTOS_DIAS', () => {
  it('deletes the files of messages done with for longer, in every company, keeping a file another message still needs', async () => {
    expect(await borrarAdjuntosViejos({ db: t.db, storage: t.deps.storage, dias: 90, ahora })).toEqual({
      correos: 3,
      archivos: 3,
    });
    expect(await Promise.all([soloA, compartido, pendiente, fallido, otraEmpresa].map(existe))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    // The message keeps its record, each file marked as removed.
    expect(await adjuntosDe(1, 'a@example.com')).toEqual([
      { ...soloA, borrado: true },
      { ...compartido, borrado: true },
    ]);
    expect(await adjuntosDe(1, 'b@example.com')).toEqual([compartido]);
    expect(await adjuntosDe(1, 'c@example.com')).toEqual([pendiente]);
    expect(await adjuntosDe(2, 'e@example.com')).toEqual([{ ...otraEmpresa, borrado: true }]);
  });

  it('a second pass finds nothing; the shared file goes once its last message is old too', async () => {
    expect(await borrarAdjuntosViejos({ db: t.db, storage: t.deps.storage, dias: 90, ahora })).toEqual({
      correos: 0,
      archivos: 0,
    });
    const despues = new Date(ahora.getTime() + 85 * DIA);
    expect(await borrarAdjuntosViejos({ db: t.db, storage: t.deps.storage, dias: 90, ahora: despues })).toEqual({
      correos: 1,
      archivos: 1,
    });
    expect(await existe(compartido)).toBe(false);
    expect(await existe(pendiente)).toBe(true);
    expect(await adjuntosDe(1, 'b@example.com')).toEqual([{ ...compartido, borrado: true }]);
  });
});

describe('files stored for a message that was never queued', () => {
  it('are deleted a day later when no message names them; named files and other folders stay', async () => {
    const huerfano = '1/correos/ficha-sin-correo.pdf';
    const huerfano2 = '2/correos/portada-sin-correo.jpg';
    const foto = '1/inmuebles/foto-de-un-inmueble.jpg';
    for (const k of [huerfano, huerfano2, foto]) await t.deps.storage.put(k, Buffer.from(k));
    // Stored, then queued: its message names it.
    const nombrado = adjunto(1, 'ficha-con-correo.pdf');
    await correo(1, { para: 'f@example.com', estado: 'pendiente', creado: new Date(), enviado: null, adjuntos: [nombrado] });
    const hay = (k: string) => t.deps.storage.get(k).then((b) => b !== null);
    // Just stored: its message may be on its way.
    expect(await borrarAdjuntosHuerfanos({ db: t.db, storage: t.deps.storage })).toBe(0);
    expect(await hay(huerfano)).toBe(true);
    const manana = new Date(Date.now() + 25 * 3_600_000);
    expect((await limpiarAdjuntos({ db: t.db, storage: t.deps.storage, dias: 90, ahora: manana })).huerfanos).toBe(2);
    expect(await Promise.all([huerfano, huerfano2, foto].map(hay))).toEqual([false, false, true]);
    expect(await existe(nombrado)).toBe(true);
    expect(await borrarAdjuntosHuerfanos({ db: t.db, storage: t.deps.storage, ahora: manana })).toBe(0);
  });

  it('a company without a correos folder is no error', async () => {
    expect(await t.deps.storage.listar('3/correos')).toEqual([]);
    await expect(t.deps.storage.listar('../etc')).rejects.toThrow('carpeta de archivos inválida');
  });
});
