// `npm run empresa -- crear --nombre "…" --nit 900123456-8 [--usuario admin] [--correo …]`: creates a
// company and its first administrator in the database of DATA_DIR or DATABASE_URL (migrated first) and
// prints a one-time password. This is how a deployment without the demo (SEED=none) gets its company.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ZEmpresaActualizar } from '@predio/contract/empresa';
import { ZNit } from '@predio/contract/nit';
import { ZUsuarioCrear } from '@predio/contract/usuarios';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { claveDeUnSoloUso, crearEmpresa, EmpresaRepetida } from './db/seed/empresa-nueva.ts';

const USO = `Uso: npm run empresa -- crear --nombre "Inmobiliaria Ejemplo S.A.S." --nit 900123456-8 [--usuario admin] [--correo contacto@ejemplo.co]`;

const ZArgumentos = z.object({
  nombre: ZEmpresaActualizar.shape.nombre,
  nit: ZNit,
  correo: ZEmpresaActualizar.shape.email,
  usuario: ZUsuarioCrear.shape.usuario,
});

function salir(mensaje: string): never {
  process.stderr.write(`${mensaje}\n${USO}\n`);
  process.exit(2);
}

// npm runs a workspace's script in the workspace's folder: paths (DATA_DIR=./data) are the caller's.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const args = (() => {
  try {
    return parseArgs({
      args: process.argv.slice(2),
      options: { nombre: { type: 'string' }, nit: { type: 'string' }, usuario: { type: 'string' }, correo: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (err) {
    return salir(err instanceof Error ? err.message : String(err));
  }
})();
if (args.positionals[0] !== 'crear' || args.positionals.length > 1) salir('Falta la orden: crear.');
const leido = ZArgumentos.safeParse({
  nombre: args.values.nombre ?? '',
  nit: args.values.nit ?? '',
  correo: args.values.correo ?? '',
  usuario: args.values.usuario ?? 'admin',
});
if (!leido.success) salir(leido.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
const e = leido.data;

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'db') });
try {
  await migrate(db);
  const clave = claveDeUnSoloUso();
  const { idEmpresa, eraDemo } = await crearEmpresa(
    db,
    { nombre: e.nombre, nit: e.nit, email: e.correo, usuario: e.usuario },
    clave,
  );
  const lineas = [
    `Empresa ${idEmpresa} «${e.nombre}» (NIT ${e.nit}) creada en ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}.`,
    `Administrador: usuario «${e.usuario}», contraseña de un solo uso: ${clave}`,
    `Es la única vez que se muestra. Ingrese con la empresa ${idEmpresa} y cámbiela enseguida en Mi perfil › Cambiar contraseña.`,
  ];
  if (eraDemo)
    lineas.push(
      'Esta base de datos tenía las empresas de demostración: desde ahora el ingreso de soporte (EMPATIA) necesita SUPPORT_PASSWORD.',
    );
  process.stdout.write(`${lineas.join('\n')}\n`);
} catch (err) {
  if (!(err instanceof EmpresaRepetida)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await db.close();
}
