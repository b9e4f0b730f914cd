import { sql } from 'drizzle-orm';
import type { SeccionTexto, TextoSitio, TextoSitioForm, TextoSitioPublico } from '@predio/contract/pagina-web-textos';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

// SQL of Página web > Sesión de texto, in the company's transaction (RLS keeps other companies out).

export const escritos = (tx: Tx) =>
  queryRows<TextoSitio>(tx, sql`select seccion, titulo, contenido, publicado, modificado_por, modificado_en from texto_sitio`);

export async function guardar(tx: Tx, seccion: SeccionTexto, b: TextoSitioForm, usuario: string): Promise<void> {
  await tx.execute(
    sql`insert into texto_sitio (seccion, titulo, contenido, publicado, modificado_por, modificado_en)
        values (${seccion}, ${b.titulo}, ${b.contenido}, ${b.publicado}, ${usuario}, now())
        on conflict on constraint texto_sitio_seccion_uk do update
          set titulo = excluded.titulo, contenido = excluded.contenido, publicado = excluded.publicado,
              modificado_por = excluded.modificado_por, modificado_en = excluded.modificado_en`,
  );
}

export const publicados = (tx: Tx) =>
  queryRows<TextoSitioPublico>(
    tx,
    sql`select seccion, titulo, contenido from texto_sitio where publicado and contenido <> '' order by seccion`,
  );
