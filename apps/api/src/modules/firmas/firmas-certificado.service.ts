import { sql } from 'drizzle-orm';
import type { CertificadoFirma, CertificadoFirmaForm, SelloTiempoForm } from '@predio/contract/firmas';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { registrarAuditoria } from '../../platform/audit.ts';
import { empresaDocumento } from '../../platform/documentos/contextos.ts';
import { sinPermiso } from '../../platform/errors/app-error.ts';
import { exigirDestinoExterno } from '../../platform/http/destinos.ts';
import { type Cifrador } from '../../platform/mensajes/cifrado.ts';
import { abrirP12, generarCertificado, type CertificadoSello } from './firmas-pdf.ts';

// The company's seal (issue 29): its own PKCS#12 or the self-generated one, and an optional RFC 3161
// time-stamping authority. Anyone with idm 10582 sees which certificate seals; only a company
// administrator changes it, since the seal speaks for the whole company.

const ENTIDAD = 'firma_certificado';
type Admin = { tx: Tx; user: Principal; ip: string; cifrador: Cifrador };

type Fila = {
  p12_cifrado: string;
  clave_cifrada: string;
  sujeto: string;
  emisor: string | null;
  autogenerado: boolean;
  vence_en: Date | string;
  url_tsa: string | null;
};

async function guardar(tx: Tx, cifrador: Cifrador, c: CertificadoSello): Promise<void> {
  // url_tsa is a setting of its own: changing the certificate keeps it.
  await tx.execute(
    sql`insert into firma_certificado (p12_cifrado, clave_cifrada, sujeto, emisor, autogenerado, vence_en)
        values (${cifrador.cifrar(c.p12.toString('base64'))}, ${cifrador.cifrar(c.clave)}, ${c.sujeto}, ${c.emisor},
          ${c.autogenerado}, ${c.venceEn.toISOString()})
        on conflict (id_empresa) do update set p12_cifrado = excluded.p12_cifrado, clave_cifrada = excluded.clave_cifrada,
          sujeto = excluded.sujeto, emisor = excluded.emisor, autogenerado = excluded.autogenerado,
          vence_en = excluded.vence_en, creado_en = now()`,
  );
}

async function autogenerado(tx: Tx, cifrador: Cifrador): Promise<CertificadoSello> {
  const empresa = await empresaDocumento(tx);
  const nuevo = generarCertificado({ empresa: empresa.nombre, nit: empresa.nit });
  await guardar(tx, cifrador, nuevo);
  return nuevo;
}

/** The company's seal: its stored certificate, or a self-generated one made and kept on first use. */
export async function certificadoEmpresa(tx: Tx, cifrador: Cifrador): Promise<CertificadoSello & { urlTsa: string | null }> {
  const [c] = await queryRows<Fila>(tx, sql`select * from firma_certificado`);
  if (c) {
    const p12 = cifrador.descifrar(c.p12_cifrado);
    const clave = cifrador.descifrar(c.clave_cifrada);
    if (p12 !== null && clave !== null)
      return {
        p12: Buffer.from(p12, 'base64'),
        clave,
        sujeto: c.sujeto,
        emisor: c.emisor ?? c.sujeto,
        autogenerado: c.autogenerado,
        venceEn: new Date(c.vence_en),
        urlTsa: c.url_tsa,
      };
  }
  // None yet, or unreadable after the key changed: a new self-generated one replaces it.
  return { ...(await autogenerado(tx, cifrador)), urlTsa: c?.url_tsa ?? null };
}

export async function ver(o: { tx: Tx; user: Principal }): Promise<CertificadoFirma> {
  const [c] = await queryRows<Fila>(o.tx, sql`select * from firma_certificado`);
  return {
    existe: c !== undefined,
    autogenerado: c?.autogenerado ?? true,
    sujeto: c?.sujeto ?? null,
    emisor: c ? (c.emisor ?? c.sujeto) : null,
    vence_en: c ? new Date(c.vence_en).toISOString() : null,
    url_tsa: c?.url_tsa ?? null,
    puede_cambiar: o.user.admemp,
  };
}

async function auditar(o: Admin, accion: string, cambios: Record<string, unknown>) {
  await registrarAuditoria(o.tx, {
    idUsuario: o.user.idUsuario,
    usuario: o.user.usuario,
    accion,
    entidad: ENTIDAD,
    entidadId: String(o.user.idEmpresa),
    cambios,
    ip: o.ip,
  });
}

/** Replaces the seal with the company's own PKCS#12 once it opens, has its key and is in force. */
export async function subir(o: Admin & { body: CertificadoFirmaForm }): Promise<CertificadoFirma> {
  if (!o.user.admemp) throw sinPermiso();
  const c = abrirP12(Buffer.from(o.body.archivo, 'base64'), o.body.clave);
  await guardar(o.tx, o.cifrador, c);
  await auditar(o, 'subir', { sujeto: c.sujeto, emisor: c.emisor, vence_en: c.venceEn.toISOString(), autogenerado: false });
  return ver(o);
}

/** Back to a self-generated certificate (a new one: the uploaded key is forgotten). */
export async function volverAutogenerado(o: Admin): Promise<CertificadoFirma> {
  if (!o.user.admemp) throw sinPermiso();
  const c = await autogenerado(o.tx, o.cifrador);
  await auditar(o, 'autogenerar', { sujeto: c.sujeto, vence_en: c.venceEn.toISOString(), autogenerado: true });
  return ver(o);
}

export async function guardarSelloTiempo(o: Admin & { body: SelloTiempoForm }): Promise<CertificadoFirma> {
  if (!o.user.admemp) throw sinPermiso();
  const url = o.body.url_tsa?.trim() || null;
  // The server calls it when it seals: an address inside its own network is refused here already.
  exigirDestinoExterno(url, 'url_tsa', 'Servidor de sello de tiempo');
  const antes = await certificadoEmpresa(o.tx, o.cifrador);
  await o.tx.execute(sql`update firma_certificado set url_tsa = ${url}`);
  await auditar(o, 'actualizar', { url_tsa: { antes: antes.urlTsa, despues: url } });
  return ver(o);
}
