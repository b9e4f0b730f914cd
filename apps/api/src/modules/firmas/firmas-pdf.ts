import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { P12Signer } from '@signpdf/signer-p12';
import type { CampoFirma } from '@predio/contract/firmas';
import { invalido } from '../../platform/errors/app-error.ts';
import { SelladorConTiempo } from './sello-tiempo.ts';

export const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/**
 * Checks an uploaded PDF before it is sent for signature: it must open, have pages and carry no
 * password (a signer's reader could not show it, and pdf-lib could not stamp it).
 */
export async function validarPdf(buf: Buffer): Promise<{ paginas: number }> {
  const campo = 'Archivo PDF';
  if (buf.subarray(0, 1024).indexOf('%PDF-') < 0) throw invalido(campo, 'el archivo no es un PDF.');
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(buf, { updateMetadata: false });
  } catch (e) {
    // pdf-lib is compiled to ES5, where `instanceof EncryptedPDFError` fails: its message is what is left.
    if (e instanceof Error && /is encrypted/.test(e.message))
      throw invalido(campo, 'el PDF está protegido con contraseña; quítele la protección y súbalo de nuevo.');
    throw invalido(campo, 'el PDF está dañado y no se puede abrir.');
  }
  if (doc.isEncrypted) throw invalido(campo, 'el PDF está protegido con contraseña; quítele la protección y súbalo de nuevo.');
  const paginas = doc.getPageCount();
  if (paginas < 1) throw invalido(campo, 'el PDF no tiene páginas.');
  return { paginas };
}

/** The company's sealing certificate as kept (PKCS#12 and its passphrase). */
export type CertificadoSello = {
  p12: Buffer;
  clave: string;
  sujeto: string;
  emisor: string;
  autogenerado: boolean;
  venceEn: Date;
};

const nombreDe = (a: forge.pki.Certificate['subject']) =>
  String(a.getField('CN')?.value ?? a.getField('O')?.value ?? a.attributes.map((x) => x.value).join(', ') ?? '');

/**
 * Opens the company's own PKCS#12 as uploaded and keeps it only if it can seal: the password opens it,
 * it holds a private key and the certificate of that key, and the certificate is in force today.
 */
export function abrirP12(buf: Buffer, clave: string, ahora = new Date()): CertificadoSello {
  const campo = 'Archivo del certificado';
  let p12: forge.pkcs12.Pkcs12Pfx;
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(buf.toString('binary')));
  } catch {
    throw invalido(campo, 'el archivo no es un certificado PKCS#12 (.p12 o .pfx).');
  }
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, clave);
  } catch (e) {
    // forge says «Invalid password?» when the MAC or the decryption fails; anything else is the format.
    const m = e instanceof Error ? e.message : '';
    // node-forge feeds AES (PBES2) the password as Latin-1, OpenSSL as UTF-8: with a tilde or an ñ
    // the MAC checks but the contents do not open.
    if (/decrypt/i.test(m) && /[^\x20-\x7e]/.test(clave))
      throw invalido(
        'Contraseña del certificado',
        'con tildes o ñ este archivo no se puede abrir; expórtelo de nuevo con una contraseña sin tildes ni ñ.',
      );
    if (/password|decrypt/i.test(m)) throw invalido('Contraseña del certificado', 'la contraseña no abre el certificado.');
    throw invalido(campo, 'el archivo no es un certificado PKCS#12 (.p12 o .pfx).');
  }
  const bolsas = (tipo: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: tipo })[tipo] ?? [];
  const llaves = [...bolsas(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bolsas(forge.pki.oids.keyBag!)];
  const llave = llaves.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!llave) throw invalido(campo, 'el certificado no trae la llave privada; expórtelo con su llave privada.');
  const certs = bolsas(forge.pki.oids.certBag!).flatMap((b) => (b.cert ? [b.cert] : []));
  if (certs.length === 0) throw invalido(campo, 'el archivo no trae ningún certificado.');
  const publica = (c: forge.pki.Certificate) => c.publicKey as forge.pki.rsa.PublicKey;
  const cert = certs.find((c) => publica(c).n?.compareTo(llave.n) === 0 && publica(c).e?.compareTo(llave.e) === 0);
  if (!cert) throw invalido(campo, 'ningún certificado del archivo corresponde a su llave privada.');
  if (cert.validity.notAfter.getTime() <= ahora.getTime())
    throw invalido(campo, `el certificado venció el ${cert.validity.notAfter.toISOString().slice(0, 10)}.`);
  if (cert.validity.notBefore.getTime() > ahora.getTime())
    throw invalido(campo, `el certificado aún no es válido (desde ${cert.validity.notBefore.toISOString().slice(0, 10)}).`);
  return {
    p12: buf,
    clave,
    sujeto: nombreDe(cert.subject).slice(0, 200),
    emisor: nombreDe(cert.issuer).slice(0, 200),
    autogenerado: false,
    venceEn: cert.validity.notAfter,
  };
}

/**
 * A self-signed certificate for the company's seal, made on first use. It proves integrity (any change
 * breaks the seal) but not identity to a third party: the certificate page and the seal's name say so.
 */
export function generarCertificado(o: { empresa: string; nit: string }): CertificadoSello {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const llave = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const publica = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = publica;
  cert.serialNumber = '01' + randomBytes(8).toString('hex');
  const desde = new Date(Date.now() - 60_000);
  const hasta = new Date(desde.getTime() + 10 * 365 * 86_400_000);
  cert.validity.notBefore = desde;
  cert.validity.notAfter = hasta;
  const cn = `${o.empresa || 'Empresa'} (sello autogenerado por Predio)`.slice(0, 64);
  const attrs = [
    { name: 'commonName', value: cn },
    { name: 'organizationName', value: (o.empresa || 'Empresa').slice(0, 64) },
    { name: 'countryName', value: 'CO' },
    ...(o.nit ? [{ shortName: 'OU', value: `NIT ${o.nit}`.slice(0, 64) }] : []),
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(llave, forge.md.sha256.create());
  const clave = randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(llave, [cert], clave, { algorithm: '3des' });
  const p12 = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  return { p12, clave, sujeto: cn, emisor: cn, autogenerado: true, venceEn: hasta };
}

export type FirmanteSello = {
  orden: number;
  nombre: string;
  documento: string;
  email: string;
  firmaTipo: 'dibujada' | 'escrita';
  firmaImagen: string | null;
  firmaTexto: string | null;
  /** Their mobile (E.164) when they received the link by SMS or WhatsApp; empty otherwise. */
  celular?: string;
  /** The channel of the code and its masked destination, as recorded when it was sent. */
  codigoCanal?: 'correo' | 'sms' | 'whatsapp' | null;
  codigoDestino?: string | null;
  codigoEnviadoEn: Date | null;
  codigoVerificadoEn: Date | null;
  firmadoEn: Date;
  ip: string;
  userAgent: string;
  sha256Visto: string;
  /** The fields placed for this signer, with what they filled in (none: only the certificate page). */
  campos?: CampoFirma[];
};
export type EventoSello = { creadoEn: Date; tipo: string; detalle: string; firmante: string | null; ip: string | null };

// pdf-lib's standard fonts speak WinAnsi: letters outside it (emoji, other scripts) become «?» instead
// of failing the whole seal.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const seguro = (t: string) =>
  [...t.normalize('NFC')]
    .map((c) => (c.charCodeAt(0) < 256 || WIN_ANSI_EXTRA.has(c) ? c : '?'))
    .join('')
    .replace(/\p{Cc}/gu, ' ');

const CANAL_CODIGO = { correo: 'correo electrónico', sms: 'SMS', whatsapp: 'WhatsApp' } as const;

const hora = (d: Date) =>
  new Intl.DateTimeFormat('es-CO', { timeZone: 'America/Bogota', dateStyle: 'short', timeStyle: 'medium' }).format(d) +
  ' (hora de Colombia)';

function partir(texto: string, fuente: PDFFont, tamano: number, ancho: number): string[] {
  const lineas: string[] = [];
  for (const parrafo of seguro(texto).split('\n')) {
    let linea = '';
    for (const palabra of parrafo.split(/\s+/)) {
      const prueba = linea ? `${linea} ${palabra}` : palabra;
      if (fuente.widthOfTextAtSize(prueba, tamano) <= ancho) linea = prueba;
      else {
        if (linea) lineas.push(linea);
        // A word wider than the line (a hash, a user agent) is cut where it must be.
        let resto = palabra;
        while (fuente.widthOfTextAtSize(resto, tamano) > ancho) {
          let n = resto.length;
          while (n > 1 && fuente.widthOfTextAtSize(resto.slice(0, n), tamano) > ancho) n--;
          lineas.push(resto.slice(0, n));
          resto = resto.slice(n);
        }
        linea = resto;
      }
    }
    lineas.push(linea);
  }
  return lineas;
}

/**
 * Maps a point of the page as it is shown (from its bottom-left corner, after the page's /Rotate) to
 * the page's own coordinates, with the angle a drawing needs to read upright on screen. The placement
 * screen and the signing page show pages turned, so fields are placed in that frame.
 */
export function marcoMostrado(p: PDFPage): {
  ancho: number;
  alto: number;
  en: (x: number, y: number) => { x: number; y: number };
  giro: ReturnType<typeof degrees>;
} {
  const { width: W, height: H } = p.getSize();
  const r = (((p.getRotation().angle % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const en =
    r === 90
      ? (x: number, y: number) => ({ x: W - y, y: x })
      : r === 180
        ? (x: number, y: number) => ({ x: W - x, y: H - y })
        : r === 270
          ? (x: number, y: number) => ({ x: y, y: H - x })
          : (x: number, y: number) => ({ x, y });
  return { ancho: r % 180 ? H : W, alto: r % 180 ? W : H, en, giro: degrees(r) };
}

/**
 * Each placed field at its place: positions are fractions of the page as shown, from its top-left
 * corner; on a turned page the values are drawn turned with it, so they read upright.
 */
export async function estamparCampos(
  doc: PDFDocument,
  firmantes: Pick<FirmanteSello, 'nombre' | 'firmaTipo' | 'firmaImagen' | 'firmaTexto' | 'campos'>[],
  fuentes: { normal: PDFFont; negrita: PDFFont; cursiva: PDFFont },
): Promise<void> {
  const { normal, negrita, cursiva } = fuentes;
  const gris = rgb(0.35, 0.35, 0.35);
  const tinta = rgb(0.05, 0.1, 0.35);
  for (const f of firmantes) {
    let trazo: Awaited<ReturnType<typeof doc.embedPng>> | null = null;
    for (const c of f.campos ?? []) {
      if (c.pagina > doc.getPageCount()) continue;
      const p = doc.getPage(c.pagina - 1);
      const { ancho: W, alto: H, en, giro } = marcoMostrado(p);
      const [w, h] = [c.ancho * W, c.alto * H];
      const [x, y] = [c.x * W, H - c.y * H - h];
      const ajustar = (t: string, fuente: PDFFont, max: number) =>
        Math.max(4, Math.min(max, h * 0.7, (w * 0.95) / Math.max(1, fuente.widthOfTextAtSize(t, 1))));
      const texto = (t: string, fuente: PDFFont, max = 12) => {
        const tamano = ajustar(t, fuente, max);
        p.drawText(t, {
          ...en(x + 1, y + (h - tamano) / 2 + tamano * 0.22),
          rotate: giro,
          size: tamano,
          font: fuente,
          color: tinta,
        });
      };
      if (c.tipo === 'firma') {
        if (f.firmaTipo === 'dibujada' && f.firmaImagen) {
          trazo ??= await doc.embedPng(Buffer.from(f.firmaImagen.split(',')[1] ?? '', 'base64'));
          const esc = Math.min(w / trazo.width, h / trazo.height);
          const [iw, ih] = [trazo.width * esc, trazo.height * esc];
          p.drawImage(trazo, { ...en(x + (w - iw) / 2, y + (h - ih) / 2), rotate: giro, width: iw, height: ih });
        } else texto(seguro(f.firmaTexto ?? f.nombre), cursiva, 28);
      } else if (c.tipo === 'casilla') {
        const lado = Math.min(w, h);
        const abajo = y + (h - lado) / 2;
        p.drawRectangle({ ...en(x, abajo), rotate: giro, width: lado, height: lado, borderColor: gris, borderWidth: 0.8 });
        if (c.valor === 'sí') {
          const [a, b] = [x + lado * 0.2, abajo + lado * 0.2];
          const trazoX = { thickness: 1.4, color: tinta };
          p.drawLine({ start: en(a, b), end: en(a + lado * 0.6, b + lado * 0.6), ...trazoX });
          p.drawLine({ start: en(a, b + lado * 0.6), end: en(a + lado * 0.6, b), ...trazoX });
        }
      } else if (c.valor) texto(seguro(c.valor), c.tipo === 'iniciales' ? negrita : normal);
    }
  }
}

/**
 * The final document: the original pages with a stamp, the signatures and a certificate of completion
 * (signers, evidence, hashes, timeline), sealed with the company's PAdES signature (ETSI.CAdES.detached)
 * that any reader (and poppler's pdfsig) verifies; changing one byte breaks it.
 */
export async function sellar(o: {
  original: Buffer;
  idDocumento: number;
  titulo: string;
  empresa: string;
  nit: string;
  sha256Original: string;
  firmantes: FirmanteSello[];
  eventos: EventoSello[];
  certificado: CertificadoSello;
  /** Asks a TSA for an RFC 3161 token over the seal's signature value (none: no time-stamp). */
  selloTiempo?: ((firma: Buffer) => Promise<forge.asn1.Asn1>) | undefined;
  ahora?: Date;
}): Promise<{ pdf: Buffer; selloTiempoFallo: string | null }> {
  const ahora = o.ahora ?? new Date();
  const doc = await PDFDocument.load(o.original, { updateMetadata: false });
  const normal = await doc.embedFont(StandardFonts.Helvetica);
  const negrita = await doc.embedFont(StandardFonts.HelveticaBold);
  const cursiva = await doc.embedFont(StandardFonts.HelveticaOblique);
  const verde = rgb(0.09, 0.45, 0.27);
  const gris = rgb(0.35, 0.35, 0.35);

  const sello = seguro(
    `Firmado electrónicamente por ${o.firmantes.map((f) => f.nombre).join(', ')} · ${o.empresa} · documento ${o.idDocumento} · certificado al final`,
  );
  for (const p of doc.getPages()) {
    // Along the bottom of the page as it is shown, also on a turned page.
    const { ancho, en, giro } = marcoMostrado(p);
    const lineas = partir(sello, normal, 7, ancho - 40);
    lineas
      .slice(0, 2)
      .forEach((l, i) =>
        p.drawText(l, { ...en(20, 14 - i * 8 + (lineas.length > 1 ? 8 : 0)), rotate: giro, size: 7, font: normal, color: verde }),
      );
  }

  await estamparCampos(doc, o.firmantes, { normal, negrita, cursiva });

  // Certificate of completion on Letter pages.
  const [W, H, M] = [612, 792, 50];
  let pagina: PDFPage = doc.addPage([W, H]);
  let y = H - M;
  const nueva = () => {
    pagina = doc.addPage([W, H]);
    y = H - M;
  };
  const escribir = (
    texto: string,
    opts: { fuente?: PDFFont; tamano?: number; color?: ReturnType<typeof rgb>; sangria?: number } = {},
  ) => {
    const fuente = opts.fuente ?? normal;
    const tamano = opts.tamano ?? 9;
    const x = M + (opts.sangria ?? 0);
    for (const l of partir(texto, fuente, tamano, W - M - x)) {
      if (y < M + tamano) nueva();
      pagina.drawText(l, { x, y, size: tamano, font: fuente, color: opts.color ?? rgb(0.1, 0.1, 0.1) });
      y -= tamano * 1.35;
    }
  };
  escribir('Certificado de finalización', { fuente: negrita, tamano: 18, color: verde });
  y -= 4;
  escribir(`${o.titulo}`, { fuente: negrita, tamano: 12 });
  escribir(`Documento ${o.idDocumento} de ${o.empresa}${o.nit ? ` (NIT ${o.nit})` : ''}. Completado el ${hora(ahora)}.`);
  escribir(`SHA-256 del documento original: ${o.sha256Original}`);
  escribir(
    'Firma electrónica conforme a la Ley 527 de 1999 y el Decreto 2364 de 2012: cada firmante se identificó con un código de un solo uso enviado a su correo, vio el documento cuya huella se indica y aceptó expresamente su contenido y la firma electrónica.',
    { color: gris },
  );
  escribir(
    o.certificado.autogenerado
      ? `Este PDF está sellado por ${o.empresa} con un certificado autogenerado por Predio («${o.certificado.sujeto}»): el sello prueba que el documento no ha cambiado desde que se selló, pero no lo emite una entidad de certificación abierta.`
      : `Este PDF está sellado con el certificado de la empresa «${o.certificado.sujeto}»: cualquier cambio invalida el sello.`,
    { color: gris },
  );
  y -= 8;
  escribir('Firmantes', { fuente: negrita, tamano: 13, color: verde });
  for (const f of o.firmantes) {
    if (y < M + 190) nueva();
    y -= 4;
    escribir(`${f.orden}. ${f.nombre} · documento ${f.documento} · ${f.email}${f.celular ? ` · ${f.celular}` : ''}`, {
      fuente: negrita,
      tamano: 10,
    });
    const alto = 60;
    if (f.firmaTipo === 'dibujada' && f.firmaImagen) {
      const png = await doc.embedPng(Buffer.from(f.firmaImagen.split(',')[1] ?? '', 'base64'));
      const esc = Math.min(220 / png.width, alto / png.height);
      pagina.drawImage(png, { x: M + 10, y: y - alto, width: png.width * esc, height: png.height * esc });
    } else {
      pagina.drawText(seguro(f.firmaTexto ?? f.nombre), { x: M + 10, y: y - alto / 2 - 8, size: 24, font: cursiva });
    }
    pagina.drawLine({ start: { x: M + 10, y: y - alto - 2 }, end: { x: M + 240, y: y - alto - 2 }, thickness: 0.5, color: gris });
    y -= alto + 14;
    const filas = [
      `Firma ${f.firmaTipo === 'dibujada' ? 'dibujada' : 'escrita'} el ${hora(f.firmadoEn)}`,
      `Código de un solo uso por ${CANAL_CODIGO[f.codigoCanal ?? 'correo']} (${f.codigoDestino ?? f.email}): enviado ${f.codigoEnviadoEn ? hora(f.codigoEnviadoEn) : '—'}, verificado ${f.codigoVerificadoEn ? hora(f.codigoVerificadoEn) : '—'}`,
      `Dirección IP: ${f.ip} · Navegador: ${f.userAgent}`,
      `SHA-256 del documento que vio: ${f.sha256Visto}`,
    ];
    for (const t of filas) escribir(t, { tamano: 8, sangria: 10 });
  }
  y -= 8;
  escribir('Historial', { fuente: negrita, tamano: 13, color: verde });
  for (const e of o.eventos)
    escribir(`${hora(e.creadoEn)} · ${e.detalle}${e.firmante ? ` · ${e.firmante}` : ''}${e.ip ? ` · IP ${e.ip}` : ''}`, {
      tamano: 8,
    });

  doc.setTitle(seguro(o.titulo));
  doc.setProducer('Predio');
  doc.setModificationDate(ahora);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: seguro(`Sello de ${o.empresa}: documento firmado electrónicamente`),
    contactInfo: '',
    name: seguro(o.certificado.sujeto),
    location: 'Colombia',
    signingTime: ahora,
    subFilter: 'ETSI.CAdES.detached',
    signatureLength: 16_384,
  });
  const sinSello = Buffer.from(await doc.save({ useObjectStreams: false }));
  if (!o.selloTiempo) {
    const pdf = await new SignPdf().sign(sinSello, new P12Signer(o.certificado.p12, { passphrase: o.certificado.clave }), ahora);
    return { pdf, selloTiempoFallo: null };
  }
  const sellador = new SelladorConTiempo(o.certificado.p12, o.certificado.clave, o.selloTiempo);
  const pdf = await new SignPdf().sign(sinSello, sellador, ahora);
  return { pdf, selloTiempoFallo: sellador.fallo };
}
