import { createServer, type Server, type Socket } from 'node:net';

export type Recibido = { from: string; to: string[]; data: string };

/**
 * The text of a message as a person reads it: the body after the headers (the text part of a message
 * with alternatives), decoded from the transfer encoding nodemailer chose (quoted-printable for
 * accented text, base64, or as is).
 */
export function textoDelMensaje(data: string): string {
  const corte = data.indexOf('\r\n\r\n');
  const cabeceras = data.slice(0, corte);
  const cuerpo = data.slice(corte + 4);
  // A message with HTML and text alternatives: its text part (the first part when there is none).
  const limite = /^content-type:\s*multipart\/[^;]+;[\s\S]*?boundary="?([^"\r\n;]+)"?/im.exec(cabeceras)?.[1];
  if (limite) {
    const partes = cuerpo.split(`--${limite}`).slice(1, -1);
    const texto = partes.find((p) => /^content-type:\s*text\/plain/im.test(p.slice(0, p.indexOf('\r\n\r\n', 2)))) ?? partes[0];
    if (texto !== undefined) return textoDelMensaje(texto.replace(/^\r\n/, ''));
  }
  const codificacion = /^content-transfer-encoding:\s*(\S+)/im.exec(cabeceras)?.[1]?.toLowerCase();
  if (codificacion === 'base64') return Buffer.from(cuerpo.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (codificacion !== 'quoted-printable') return cuerpo;
  const limpio = cuerpo.replace(/=\r\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < limpio.length; i++) {
    const hex = limpio.slice(i + 1, i + 3);
    if (limpio[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(limpio[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The Subject as a person reads it: unfolded, its encoded words (RFC 2047, Q or B) decoded. */
export function asuntoDelMensaje(data: string): string {
  const cabeceras = data.slice(0, data.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const linea = /^subject: (.*)$/im.exec(cabeceras)?.[1] ?? '';
  return linea.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, modo: string, texto: string) =>
    modo.toLowerCase() === 'b'
      ? Buffer.from(texto, 'base64').toString('utf8')
      : Buffer.from(
          texto.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/**
 * A minimal SMTP server for tests: it speaks the protocol (EHLO, MAIL, RCPT, DATA, QUIT) to a real
 * client such as nodemailer and keeps what it receives. `fallar` makes it refuse messages with 451.
 */
export class SmtpSink {
  readonly recibidos: Recibido[] = [];
  fallar = false;
  /** Called with each message accepted (the browser tests write them to files their workers read). */
  alRecibir: ((r: Recibido) => void) | null = null;
  private server: Server | null = null;

  async start(port = 0): Promise<string> {
    this.server = createServer((s) => this.sesion(s));
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', resolve);
    });
    const addr = this.server.address();
    if (addr === null || typeof addr === 'string') throw new Error('sin puerto');
    return `smtp://127.0.0.1:${addr.port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  async esperar(n: number, ms = 5000): Promise<Recibido[]> {
    const hasta = Date.now() + ms;
    while (this.recibidos.length < n && Date.now() < hasta) await new Promise((r) => setTimeout(r, 25));
    return this.recibidos;
  }

  private sesion(s: Socket): void {
    let buffer = '';
    let enData = false;
    let actual: Recibido = { from: '', to: [], data: '' };
    const w = (line: string) => s.write(`${line}\r\n`);
    w('220 sink ESMTP');
    s.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (enData) {
          const fin = buffer.indexOf('\r\n.\r\n');
          if (fin < 0) return;
          actual.data = buffer.slice(0, fin).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(fin + 5);
          enData = false;
          if (this.fallar) w('451 4.3.0 intente más tarde');
          else {
            this.recibidos.push(actual);
            this.alRecibir?.(actual);
            w('250 2.0.0 ok');
          }
          actual = { from: '', to: [], data: '' };
          continue;
        }
        const i = buffer.indexOf('\r\n');
        if (i < 0) return;
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') w('250 sink');
        else if (cmd === 'MAIL') {
          actual.from = /<(.*)>/.exec(line)?.[1] ?? '';
          w('250 2.1.0 ok');
        } else if (cmd === 'RCPT') {
          actual.to.push(/<(.*)>/.exec(line)?.[1] ?? '');
          w('250 2.1.5 ok');
        } else if (cmd === 'DATA') {
          enData = true;
          w('354 fin con <CRLF>.<CRLF>');
        } else if (cmd === 'QUIT') {
          w('221 2.0.0 adiós');
          s.end();
        } else if (cmd === 'RSET' || cmd === 'NOOP') w('250 ok');
        else w('502 5.5.2 no implementado');
      }
    });
    s.on('error', () => undefined);
  }
}
