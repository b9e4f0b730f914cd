import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/*
 * A local stand-in for the SMS and WhatsApp providers, speaking their published HTTP contracts
 * (Hablame API v5, WhatsApp Cloud API, a generic JSON POST), with faults on demand: each request takes
 * the next fault of `fallas` ('429', '500', 'lento', '401') or succeeds. Only successful sends are
 * kept in `aceptados`, which is what a provider would actually deliver.
 */
export type Falla = '429' | '500' | 'lento' | '401';
export type Aceptado = { ruta: string; cabeceras: IncomingMessage['headers']; cuerpo: Record<string, unknown> };

export const CLAVE_HABLAME = 'clave-hablame-de-prueba';
export const TOKEN_WHATSAPP = 'token-whatsapp-de-prueba';
/** The Meta app's App Secret, which signs its webhook notifications. */
export const SECRETO_APP_WHATSAPP = 'secreto-app-whatsapp-de-prueba';
export type EstadoWhatsapp = 'sent' | 'delivered' | 'read' | 'failed';

export class FakeProveedores {
  fallas: Falla[] = [];
  readonly aceptados: Aceptado[] = [];
  peticiones = 0;
  private server: Server | null = null;
  private n = 0;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.atender(req, res));
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    const a = this.server.address();
    if (!a || typeof a === 'string') throw new Error('sin puerto');
    this.url = `http://127.0.0.1:${a.port}`;
    return this.url;
  }

  /**
   * The delivery report the SMS gateway posts to the callback URL it was given: Hablame's `{ id, status }`
   * (the words of its report endpoint). Posted through `enviar` (the app's inject, or fetch to a server).
   */
  async reportarEntrega(
    enviar: (url: string, cuerpo: Record<string, unknown>) => Promise<{ statusCode: number; body: string }>,
    url: string,
    id: string,
    status: 'Delivered' | 'Undelivered' | 'Rejected' | 'Sent',
  ): Promise<{ statusCode: number; body: string }> {
    return enviar(url, { id, status, ...(status === 'Delivered' || status === 'Sent' ? {} : { detalle: 'Número inactivo' }) });
  }

  /**
   * What Meta posts to the app's webhook for message statuses (WhatsApp Cloud API, «messages» field): a
   * `whatsapp_business_account` object whose entries carry `statuses`, signed with the App Secret in
   * X-Hub-Signature-256 over the exact bytes sent. A failed status carries Meta's error object.
   */
  notificarWhatsapp(
    estados: { id: string; status: EstadoWhatsapp }[],
    secreto = SECRETO_APP_WHATSAPP,
  ): { cuerpo: string; cabeceras: Record<string, string> } {
    const cuerpo = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                statuses: estados.map((e) => ({
                  id: e.id,
                  status: e.status,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  recipient_id: '573001234567',
                  ...(e.status === 'failed'
                    ? {
                        errors: [
                          {
                            code: 131026,
                            title: 'Message undeliverable',
                            message: 'Message undeliverable',
                            error_data: { details: 'El destinatario no tiene WhatsApp' },
                          },
                        ],
                      }
                    : {}),
                })),
              },
            },
          ],
        },
      ],
    });
    const firma = `sha256=${createHmac('sha256', secreto).update(cuerpo).digest('hex')}`;
    return { cuerpo, cabeceras: { 'content-type': 'application/json', 'x-hub-signature-256': firma } };
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private async atender(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.peticiones++;
    const trozos: Buffer[] = [];
    for await (const t of req) trozos.push(t as Buffer);
    const texto = Buffer.concat(trozos).toString('utf8');
    const cuerpo = texto ? (JSON.parse(texto) as Record<string, unknown>) : {};
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const falla = this.fallas.shift();
    if (falla === 'lento') {
      // Answers long after any sane timeout; the caller has given up, and nothing is delivered.
      setTimeout(() => json(200, {}), 5_000).unref();
      return;
    }
    if (falla === '429') return json(429, { statusCode: 429, statusMessage: 'Too Many Requests' });
    if (falla === '500') return json(500, { statusCode: 500, statusMessage: 'Internal error' });
    const url = req.url ?? '';

    if (url.startsWith('/api/')) {
      if (falla === '401' || req.headers['x-hablame-key'] !== CLAVE_HABLAME)
        return json(401, { statusCode: 401, statusMessage: 'Unauthorized: invalid X-Hablame-Key' });
      if (req.method === 'POST' && url === '/api/sms/v5/send') {
        const msgs = cuerpo.messages as { to: string; text: string }[] | undefined;
        if (!msgs?.length || !/^57\d{10}$/.test(msgs[0]!.to))
          return json(400, { statusCode: 400, statusMessage: 'Invalid number' });
        this.aceptados.push({ ruta: url, cabeceras: req.headers, cuerpo });
        const id = `hab-${++this.n}`;
        const partes = Math.ceil(msgs[0]!.text.length / 160);
        return json(200, {
          statusCode: 200,
          statusMessage: 'OK',
          payLoad: { smsQty: partes, messages: [{ id, statusId: 1, to: msgs[0]!.to, price: 9.5 * partes }] },
        });
      }
      if (req.method === 'GET' && url.startsWith('/api/sms/v5/report/')) return json(200, { payLoad: { status: 'Delivered' } });
      if (req.method === 'GET' && url === '/api/account/v1/balance') return json(200, { payLoad: { balance: 1234 } });
      return json(404, { statusMessage: 'Not found' });
    }

    if (url.startsWith('/v21.0/')) {
      if (falla === '401' || req.headers.authorization !== `Bearer ${TOKEN_WHATSAPP}`)
        return json(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
      if (cuerpo.messaging_product !== 'whatsapp' || cuerpo.type !== 'template')
        return json(400, { error: { message: 'Only template messages outside the 24 hour window', code: 131047 } });
      this.aceptados.push({ ruta: url, cabeceras: req.headers, cuerpo });
      return json(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: cuerpo.to, wa_id: cuerpo.to }],
        messages: [{ id: `wamid.${++this.n}` }],
      });
    }

    if (url === '/generico/enviar') {
      if (falla === '401' || req.headers['x-api-key'] !== 'secreto-generico') return json(403, { error: 'clave inválida' });
      this.aceptados.push({ ruta: url, cabeceras: req.headers, cuerpo });
      return json(201, { messageId: `gen-${++this.n}` });
    }
    json(404, {});
  }
}
