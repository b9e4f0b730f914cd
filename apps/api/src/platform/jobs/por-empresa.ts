import type { Database } from '../../db/client.ts';
import { encolar, type DefinicionTrabajo, type Programa, type Trabajos } from './trabajos.ts';

/**
 * A scheduled pass that finds the companies with work due and gives each a job of its own, which its
 * administrator sees (and may retry) under Logs del sistema. The company's job is keyed by `clave` and
 * the period (`periodo`: the Bogotá day by default), so each company gets it once per period however many
 * processes run the pass.
 */
/** Programa without its tipo, for each kind of programme. */
type SinTipo<T> = T extends unknown ? Omit<T, 'tipo'> : never;

export function porEmpresa(
  runner: Trabajos,
  db: Database,
  o: {
    /** The pass's type; the company's job is `empresa`. */
    tipo: string;
    programa: SinTipo<Programa>;
    empresas: () => Promise<number[]>;
    clave: string;
    periodo?: () => string;
    empresa: Omit<DefinicionTrabajo, 'manejar'> & { manejar: (idEmpresa: number) => Promise<unknown> };
  },
): void {
  const periodo = o.periodo ?? diaBogota;
  runner
    .definir({
      tipo: o.tipo,
      manejar: async () => {
        const empresas = await o.empresas();
        const cuando = periodo();
        await db.system(async (tx) => {
          for (const idEmpresa of empresas) await encolar(tx, { tipo: o.empresa.tipo, idEmpresa, clave: `${o.clave}@${cuando}` });
        });
        return { empresas: empresas.length };
      },
    })
    .programar({ tipo: o.tipo, ...o.programa } as Programa);
  runner.definir({ ...o.empresa, manejar: (j) => o.empresa.manejar(j.idEmpresa!) });
}

/** Today in Bogotá (UTC−5 all year), as AAAA-MM-DD. */
export const diaBogota = (): string => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
