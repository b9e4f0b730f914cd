import { lookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import {
  Agent,
  fetch as fetchUndici,
  FormData as FormDataUndici,
  type RequestInit as RequestInitUndici,
  type Response,
} from 'undici';
import { CODES } from '@predio/contract/codes';
import { AppError } from '../errors/app-error.ts';

// A company administrator types some of the addresses this server calls (an SMS gateway, a portal's
// API, the map's tiles). Left open, that lets one company make the server reach its own network: the
// database, a cloud's metadata service, an admin port on localhost. So those calls refuse internal
// addresses, checked when the connection is made (a name that resolves to one is refused too, even
// if it resolved elsewhere a moment before). Addresses the operator sets in the environment
// (GEOCODER_URL, SMTP_URL) are trusted and do not come through here.

const internas = new BlockList();
for (const [red, prefijo] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internas.addSubnet(red, prefijo, 'ipv4');
for (const [red, prefijo] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  internas.addSubnet(red, prefijo, 'ipv6');

/** Loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast and reserved ranges. */
export function esDireccionInterna(ip: string): boolean {
  const v = isIP(ip);
  if (v === 4) return internas.check(ip, 'ipv4');
  if (v !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is the IPv4 one.
  const mapeada = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapeada) return internas.check(mapeada[1]!, 'ipv4');
  return internas.check(ip, 'ipv6');
}

/** The call was refused before it left: the address is on the server's own network. */
export class DestinoInterno extends Error {
  constructor(readonly direccion: string) {
    super(`la dirección ${direccion} es de la red interna del servidor y no se permite`);
  }
}

let permitirInternas = false;

/**
 * EXTERNOS_INTERNOS=permitir (tests with local fake services, or an operator whose tile server is on
 * the same network) lets these calls reach internal addresses. Set once at start from the config.
 */
export function permitirDestinosInternos(permitir: boolean): void {
  permitirInternas = permitir;
}

type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function lookupSeguro(hostname: string, opciones: LookupOneOptions | LookupAllOptions, cb: Callback): void {
  lookup(hostname, { ...opciones, all: true }, (err, direcciones) => {
    if (err) return cb(err, []);
    const interna = direcciones.find((d) => esDireccionInterna(d.address));
    if (interna) return cb(new DestinoInterno(interna.address), []);
    if (opciones.all) return cb(null, direcciones);
    const [primera] = direcciones;
    if (!primera) return cb(Object.assign(new Error(`${hostname} no tiene dirección`), { code: 'ENOTFOUND' }), []);
    cb(null, primera.address, primera.family);
  });
}

const agenteSeguro = new Agent({ connect: { lookup: lookupSeguro as never } });
const agenteLibre = new Agent();

/**
 * fetch for an address a company typed. Refuses an internal destination with DestinoInterno (as the
 * cause of the TypeError fetch throws, or directly for a literal IP), unless the operator allowed it.
 */
export async function fetchDestino(
  url: string,
  init: RequestInitUndici = {},
  o: { permitirInternas?: boolean } = {},
): Promise<Response> {
  const permitir = o.permitirInternas ?? permitirInternas;
  if (!permitir) {
    // A literal IP never goes through the lookup.
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && esDireccionInterna(host)) throw new DestinoInterno(host);
  }
  return fetchUndici(url, { ...init, body: cuerpo(init.body), dispatcher: permitir ? agenteLibre : agenteSeguro });
}

/** Node's own FormData is another class than this undici's: its fields are copied so it goes as multipart. */
function cuerpo(b: RequestInitUndici['body'] | FormData): RequestInitUndici['body'] {
  if (!(b instanceof FormData)) return b;
  const f = new FormDataUndici();
  for (const [k, v] of b.entries()) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, v, v.name);
  }
  return f;
}

/**
 * Refuses, when it is saved, an address that plainly points inside (localhost, an internal IP), with a
 * message naming the field; a name that resolves inside is caught when it is called.
 */
export function exigirDestinoExterno(url: string | null | undefined, campo: string, etiqueta: string): void {
  if (!url || permitirInternas) return;
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return; // Its format is the contract's to refuse.
  }
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && esDireccionInterna(host)))
    throw new AppError(
      CODES.VALIDACION,
      `El campo ${etiqueta} apunta a la red interna del servidor (${host}): escriba la dirección pública del servicio`,
      [{ campo, mensaje: 'apunta a la red interna del servidor' }],
    );
}

/** The refusal in a failed fetch, if that is why it failed. */
export function destinoInternoEn(e: unknown): DestinoInterno | null {
  for (let x: unknown = e, i = 0; x && i < 5; x = (x as { cause?: unknown }).cause, i++)
    if (x instanceof DestinoInterno) return x;
  return null;
}
