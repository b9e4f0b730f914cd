import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { AdjuntoCorreo } from '../../db/schema/correo.ts';
import type { Storage } from '../storage/storage.ts';

const LOTE = 20;
const MAX_INTENTOS = 5;

type Pendiente = {
  id: number;
  para: string;
  cc: string | null;
  asunto: string;
  texto: string;
  html: string | null;
  intentos: number;
  remitente: string;
  remitente_nombre: string;
  adjuntos: AdjuntoCorreo[];
  responder_a: string | null;
  cabeceras: Record<string, string> | null;
};

/**
 * Sends the outbox through SMTP_URL. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * API processes can run a mailer against one PostgreSQL without sending a message twice.
 * Without SMTP_URL nothing is sent and messages wait in the outbox.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private corriendo: Promise<number> | null = null;
  /** A wake-up that arrived during a round: run once more, or a fresh message waits for the next tick. */
  private otraVuelta = false;

  constructor(
    private readonly db: Database,
    smtpUrl: string | null,
    private readonly onError: (err: unknown) => void = () => undefined,
    /** PUBLIC_URL: where the links in a message point. */
    readonly urlPublica: string | null = null,
    /** Where attached files are kept (written before their message was queued). */
    private readonly storage: Storage | null = null,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get activo(): boolean {
    return this.transport !== null;
  }

  start(intervaloMs = 15_000): void {
    if (!this.transport || this.timer) return;
    this.timer = setInterval(() => this.despertar(), intervaloMs);
    this.timer.unref();
    this.despertar();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.corriendo;
    this.transport?.close();
  }

  /** Resolves when the current sending round (if any) has finished. */
  async idle(): Promise<void> {
    while (this.corriendo) await this.corriendo;
  }

  despertar(): void {
    if (!this.transport) return;
    if (this.corriendo) {
      this.otraVuelta = true;
      return;
    }
    this.corriendo = this.enviarPendientes()
      .catch((err: unknown) => {
        this.onError(err);
        return 0;
      })
      .finally(() => {
        this.corriendo = null;
        if (this.otraVuelta) {
          this.otraVuelta = false;
          this.despertar();
        }
      });
  }

  /** A missing file fails the attempt like a refused one: retried, then left in 'error' with the reason. */
  private async leerAdjuntos(adjuntos: AdjuntoCorreo[]) {
    return Promise.all(
      adjuntos.map(async (a) => {
        const contenido = this.storage ? await this.storage.get(a.clave) : null;
        if (!contenido) throw new Error(`No se encontró el adjunto ${a.nombre}`);
        return { filename: a.nombre, content: contenido, contentType: a.tipo, ...(a.cid ? { cid: a.cid } : {}) };
      }),
    );
  }

  /** Sends what is due; returns how many were sent. */
  async enviarPendientes(): Promise<number> {
    const transport = this.transport;
    if (!transport) return 0;
    let enviados = 0;
    for (;;) {
      const lote = await this.db.system((tx) =>
        queryRows<Pendiente>(
          tx,
          // Claiming takes a 10-minute lease: if this process dies mid-send, the row becomes due again.
          sql`update correo_salida c set estado = 'enviando', intentos = c.intentos + 1,
                proximo_intento = now() + interval '10 minutes'
              from empresa e left join mensaje_config mc on mc.id_empresa = e.id_empresa
              where e.id_empresa = c.id_empresa and c.id in (
                select id from correo_salida where estado in ('pendiente', 'enviando') and proximo_intento <= now()
                order by id limit ${LOTE} for update skip locked)
              returning c.id, c.para, c.cc, c.asunto, c.texto, c.html, c.intentos, c.adjuntos, c.responder_a, c.cabeceras,
                        coalesce(nullif(e.email, ''), 'no-responder@predio.local') as remitente,
                        coalesce(nullif(mc.remitente_nombre, ''), e.nombre, '') as remitente_nombre`,
        ),
      );
      if (lote.length === 0) return enviados;
      for (const c of lote) {
        try {
          await transport.sendMail({
            // The sender name of Configurar mensajes, else the company's name.
            from: c.remitente_nombre ? { name: c.remitente_nombre, address: c.remitente } : c.remitente,
            to: c.para,
            ...(c.cc ? { cc: c.cc } : {}),
            subject: c.asunto,
            text: c.texto,
            ...(c.html ? { html: c.html } : {}),
            ...(c.responder_a ? { replyTo: c.responder_a } : {}),
            ...(c.cabeceras && Object.keys(c.cabeceras).length > 0 ? { headers: c.cabeceras } : {}),
            ...(c.adjuntos.length > 0 ? { attachments: await this.leerAdjuntos(c.adjuntos) } : {}),
          });
          await this.db.system((tx) =>
            tx.execute(
              sql`update correo_salida set estado = 'enviado', enviado_en = now(), ultimo_error = null where id = ${c.id}`,
            ),
          );
          enviados++;
        } catch (err) {
          const mensaje = err instanceof Error ? err.message.slice(0, 500) : String(err);
          // Backoff 1, 2, 4, 8 minutes; after the last attempt the message stays in 'error'.
          await this.db.system((tx) =>
            tx.execute(sql`update correo_salida set
                estado = case when intentos >= ${MAX_INTENTOS} then 'error' else 'pendiente' end,
                ultimo_error = ${mensaje},
                proximo_intento = now() + make_interval(mins => power(2, intentos - 1)::int)
              where id = ${c.id}`),
          );
        }
      }
    }
  }
}
