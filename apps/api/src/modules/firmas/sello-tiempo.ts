import { createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { P12Signer } from '@signpdf/signer-p12';
import { fetchDestino } from '../../platform/http/destinos.ts';

// RFC 3161 time-stamp for the company's seal: the TSA signs the hash of the seal's signature value
// with its own clock, and the token goes into the CMS as the signature-time-stamp unsigned attribute
// (RFC 5126 / PAdES B-T), so a reader can prove when the seal was made without trusting our server.

const { asn1 } = forge;
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const OID_SELLO_TIEMPO_FIRMA = '1.2.840.113549.1.9.16.2.14';
const MAX_BYTES_RESPUESTA = 64 * 1024;

const seq = (v: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, v);
const der = (a: forge.asn1.Asn1) => Buffer.from(asn1.toDer(a).getBytes(), 'binary');
const desdeDer = (b: Buffer) => asn1.fromDer(forge.util.createBuffer(b.toString('binary')));
const hijos = (a: forge.asn1.Asn1 | undefined) => (Array.isArray(a?.value) ? a.value : []);
const bytes = (a: forge.asn1.Asn1 | undefined) => Buffer.from(typeof a?.value === 'string' ? a.value : '', 'binary');

/** TimeStampReq (RFC 3161 §2.4.1): v1, SHA-256 imprint, a nonce, and the TSA's certificate asked for. */
export function solicitudSelloTiempo(datos: Buffer, nonce = randomBytes(8)): Buffer {
  const n = Buffer.from(nonce);
  n[0] = n[0]! & 0x7f; // a positive INTEGER
  return der(
    seq([
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(1).getBytes()),
      seq([
        seq([
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(OID_SHA256).getBytes()),
          asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, ''),
        ]),
        asn1.create(
          asn1.Class.UNIVERSAL,
          asn1.Type.OCTETSTRING,
          false,
          createHash('sha256').update(datos).digest().toString('binary'),
        ),
      ]),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, n.toString('binary')),
      asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BOOLEAN, false, '\xff'),
    ]),
  );
}

/** What a token says: the imprint it stamps (hex SHA-256), its nonce and the TSA's time. */
export function leerTstInfo(token: forge.asn1.Asn1): { imprint: string; nonce: string | null; hora: Date } {
  // ContentInfo → [0] → SignedData → encapContentInfo → [0] → OCTET STRING with TSTInfo.
  const signedData = hijos(hijos(token)[1])[0];
  const encap = hijos(signedData)[2];
  const tst = desdeDer(bytes(hijos(hijos(encap)[1])[0]));
  const [, , imprint, , genTime, ...resto] = hijos(tst);
  const nonce = resto.find((x) => x.tagClass === asn1.Class.UNIVERSAL && x.type === asn1.Type.INTEGER);
  return {
    imprint: bytes(hijos(imprint)[1]).toString('hex'),
    nonce: nonce ? bytes(nonce).toString('hex') : null,
    hora: asn1.generalizedTimeToDate(typeof genTime?.value === 'string' ? genTime.value : ''),
  };
}

/**
 * Asks the TSA at `url` for a token over `datos`, through the SSRF guard (the URL is typed by a company
 * administrator). Throws with a Spanish reason when the TSA is unreachable, refuses, or answers for
 * other data.
 */
export async function pedirSelloTiempo(url: string, datos: Buffer): Promise<forge.asn1.Asn1> {
  const nonce = randomBytes(8);
  nonce[0] = nonce[0]! & 0x7f;
  let r: Awaited<ReturnType<typeof fetchDestino>>;
  try {
    r = await fetchDestino(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: solicitudSelloTiempo(datos, nonce),
      signal: AbortSignal.timeout(8000),
    });
  } catch (e) {
    const causa = (e as { cause?: { message?: string } }).cause?.message ?? (e as Error).message;
    throw new Error(`no se pudo contactar el servidor de sello de tiempo (${causa})`);
  }
  if (!r.ok) throw new Error(`el servidor de sello de tiempo respondió ${r.status}`);
  const cuerpo = Buffer.from(await r.arrayBuffer());
  if (cuerpo.length > MAX_BYTES_RESPUESTA) throw new Error('la respuesta del servidor de sello de tiempo es demasiado grande');
  let resp: forge.asn1.Asn1;
  try {
    resp = desdeDer(cuerpo);
  } catch {
    throw new Error('la respuesta del servidor de sello de tiempo no es una respuesta RFC 3161');
  }
  const [estado, token] = hijos(resp);
  const b = bytes(hijos(estado)[0]);
  const codigo = b.length === 1 ? b[0]! : -1;
  // PKIStatus granted (0) or grantedWithMods (1).
  if (codigo < 0 || codigo > 1 || !token)
    throw new Error(`el servidor de sello de tiempo rechazó la solicitud (estado ${codigo})`);
  const info = leerTstInfo(token);
  if (info.imprint !== createHash('sha256').update(datos).digest('hex'))
    throw new Error('el sello de tiempo recibido corresponde a otros datos');
  if (info.nonce !== null && BigInt(`0x${info.nonce}`) !== BigInt(`0x${nonce.toString('hex')}`))
    throw new Error('el sello de tiempo recibido no corresponde a la solicitud');
  return token;
}

/**
 * @signpdf's P12Signer builds the CMS; this adds the time-stamp token over its signature value as an
 * unsigned attribute (which does not change what was signed). A TSA failure leaves the seal without
 * it and `fallo` says why, so the signing is never lost to a TSA being down.
 */
export class SelladorConTiempo extends P12Signer {
  fallo: string | null = null;
  constructor(
    p12: Buffer,
    clave: string,
    private readonly selloTiempo: (firma: Buffer) => Promise<forge.asn1.Asn1>,
  ) {
    super(p12, { passphrase: clave });
  }

  override async sign(pdf: Buffer, hora?: Date): Promise<Buffer> {
    const cms = await super.sign(pdf, hora);
    try {
      const raiz = desdeDer(cms);
      // ContentInfo → [0] → SignedData; its last element is the SET of SignerInfos.
      const signerInfo = hijos(hijos(hijos(hijos(raiz)[1])[0]).at(-1))[0];
      const firma = hijos(signerInfo).findLast((x) => x.tagClass === asn1.Class.UNIVERSAL && x.type === asn1.Type.OCTETSTRING);
      if (!signerInfo || !firma) throw new Error('la firma CMS no tiene la forma esperada');
      const token = await this.selloTiempo(bytes(firma));
      (signerInfo.value as forge.asn1.Asn1[]).push(
        asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, true, [
          seq([
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(OID_SELLO_TIEMPO_FIRMA).getBytes()),
            asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, [token]),
          ]),
        ]),
      );
      return der(raiz);
    } catch (e) {
      this.fallo = e instanceof Error ? e.message : String(e);
      return cms;
    }
  }
}
