import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

const DOVECOT = ['/usr/sbin/dovecot', '/usr/bin/dovecot'].find((p) => existsSync(p)) ?? null;

/** Why the IMAP tests cannot run here, or null when they can (Debian's dovecot-imapd is installed). */
export const sinDovecot: string | null = DOVECOT
  ? null
  : 'dovecot no está instalado: se omiten las pruebas de la bandeja. Instálelo con: sudo apt-get install -y dovecot-imapd';

export const CLAVE_DOVECOT = 'clave-bandeja';

async function puertoLibre(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const addr = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  if (addr === null || typeof addr === 'string') throw new Error('sin puerto');
  return addr.port;
}

async function escuchando(port: number, ms: number): Promise<boolean> {
  const hasta = Date.now() + ms;
  while (Date.now() < hasta) {
    const ok = await new Promise<boolean>((r) => {
      const c = connect(port, '127.0.0.1', () => {
        c.end();
        r(true);
      });
      c.on('error', () => r(false));
    });
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * A private dovecot for one test file: its own config, state and maildirs under a temp dir, listening on
 * a random port of 127.0.0.1 in the foreground (-F), so stopping it is killing the child we started. Any
 * user name logs in with CLAVE_DOVECOT and gets a maildir of its own.
 */
export class Dovecot {
  port = 0;
  private dir = '';
  private proceso: ChildProcess | null = null;

  async start(): Promise<void> {
    if (!DOVECOT) throw new Error(sinDovecot ?? 'sin dovecot');
    this.dir = mkdtempSync(join(tmpdir(), 'predio-dovecot-'));
    const root = process.getuid?.() === 0;
    // As root, mail is read as Debian's «dovecot» user (dovecot refuses uid 0 for mail); otherwise as us.
    const mailUser = root ? 'dovecot' : userInfo().username;
    const internos = root ? '' : `default_internal_user = ${mailUser}\ndefault_login_user = ${mailUser}\n`;
    for (const d of ['run', 'state', 'mail', 'home']) mkdirSync(join(this.dir, d));
    if (root) {
      const uid = Number(execFileSync('id', ['-u', mailUser]).toString().trim());
      const gid = Number(execFileSync('id', ['-g', mailUser]).toString().trim());
      for (const d of ['mail', 'home']) chownSync(join(this.dir, d), uid, gid);
      // mkdtemp makes it 0700: the mail processes, running as that user, must pass through it.
      chmodSync(this.dir, 0o755);
    }
    for (let intento = 0; intento < 5; intento++) {
      this.port = await puertoLibre();
      const conf = join(this.dir, 'dovecot.conf');
      writeFileSync(
        conf,
        `base_dir = ${this.dir}/run
state_dir = ${this.dir}/state
log_path = ${this.dir}/dovecot.log
instance_name = predio-${this.port}
${internos}protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 0
mail_location = maildir:${this.dir}/mail/%u
passdb {
  driver = static
  args = password=${CLAVE_DOVECOT}
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${root ? mailUser : userInfo().gid} home=${this.dir}/home/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${this.port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
      );
      this.proceso = spawn(DOVECOT, ['-F', '-c', conf], { stdio: 'ignore' });
      if (await escuchando(this.port, 5000)) return;
      await this.stop(false);
    }
    const log = existsSync(join(this.dir, 'dovecot.log')) ? readFileSync(join(this.dir, 'dovecot.log'), 'utf8') : '';
    throw new Error(`dovecot no arrancó: ${log.slice(-1000)}`);
  }

  async stop(borrar = true): Promise<void> {
    const p = this.proceso;
    this.proceso = null;
    if (p && p.exitCode === null) {
      await new Promise<void>((r) => {
        p.once('exit', () => r());
        p.kill('SIGTERM');
        setTimeout(() => {
          p.kill('SIGKILL');
          r();
        }, 3000).unref();
      });
    }
    if (borrar && this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  /** An IMAP client of the test itself, to deliver (APPEND) and move messages. */
  async cliente(usuario: string): Promise<ImapFlow> {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port: this.port,
      secure: false,
      auth: { user: usuario, pass: CLAVE_DOVECOT },
      logger: false,
    });
    await c.connect();
    return c;
  }

  /** Delivers a raw RFC 5322 message into a folder of the user's box (created when missing). */
  async entregar(usuario: string, mensaje: string, carpeta = 'INBOX'): Promise<void> {
    const c = await this.cliente(usuario);
    try {
      if (carpeta !== 'INBOX') await c.mailboxCreate(carpeta).catch(() => undefined);
      await c.append(carpeta, mensaje.replace(/\r?\n/g, '\r\n'));
    } finally {
      await c.logout();
    }
  }
}

/** A message as a mail client would write it. */
export function mensajeRaw(m: {
  de: string;
  para: string;
  asunto: string;
  messageId: string;
  inReplyTo?: string;
  references?: string;
  fecha?: Date;
  texto?: string;
  html?: string;
  /** Files sent with the message (multipart/mixed, base64). */
  adjuntos?: { nombre: string; tipo: string; contenido: Buffer }[];
}): string {
  const cab = [
    `From: ${m.de}`,
    `To: ${m.para}`,
    `Subject: ${m.asunto}`,
    `Message-ID: ${m.messageId}`,
    `Date: ${(m.fecha ?? new Date()).toUTCString()}`,
    'MIME-Version: 1.0',
    ...(m.inReplyTo ? [`In-Reply-To: ${m.inReplyTo}`] : []),
    ...(m.references ? [`References: ${m.references}`] : []),
  ];
  if (m.adjuntos?.length) {
    const b = 'mixto-predio';
    const { adjuntos, ...sin } = m;
    const cuerpo = mensajeRaw(sin);
    // The inner message's own Content-Type and body become the first part.
    const interior = cuerpo.slice(cuerpo.indexOf('Content-Type:'));
    return [
      ...cab,
      `Content-Type: multipart/mixed; boundary="${b}"`,
      '',
      `--${b}`,
      interior,
      ...adjuntos.flatMap((a) => [
        `--${b}`,
        `Content-Type: ${a.tipo}; name="${a.nombre}"`,
        `Content-Disposition: attachment; filename="${a.nombre}"`,
        'Content-Transfer-Encoding: base64',
        '',
        a.contenido.toString('base64').replace(/.{76}/g, '$&\r\n'),
      ]),
      `--${b}--`,
      '',
    ].join('\r\n');
  }
  if (m.html) {
    const b = 'limite-predio';
    return [
      ...cab,
      `Content-Type: multipart/alternative; boundary="${b}"`,
      '',
      `--${b}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      m.texto ?? '',
      `--${b}`,
      'Content-Type: text/html; charset=utf-8',
      '',
      m.html,
      `--${b}--`,
      '',
    ].join('\r\n');
  }
  return [...cab, 'Content-Type: text/plain; charset=utf-8', '', m.texto ?? '', ''].join('\r\n');
}
