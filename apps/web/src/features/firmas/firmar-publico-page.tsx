import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert, Button, Card, Checkbox, Form, Input, Radio, Result, Space, Spin, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import type { CampoFirma, SolicitudFirma } from '@predio/contract/firmas';
import { FirmaTrazo } from './firma-trazo.tsx';

// The fields' part loads only when the sender placed fields: it brings the page overlay and the
// contract's labels, which a document without fields (most of them) never needs.
const PaginasFirmante = lazy(() => import('./campos-firmante.tsx').then((m) => ({ default: m.PaginasFirmante })));
const CamposFirmante = lazy(() => import('./campos-firmante.tsx').then((m) => ({ default: m.CamposFirmante })));
import './firmas.css';

type Sobre<T> = { code: number; message: string; data?: T };

/** The public page has no session: plain fetch, so a 401/403 never sends the signer to the login. */
async function llamar<T>(token: string, ruta: string, cuerpo?: unknown): Promise<T> {
  const r = await fetch(`/api/firmar/${token}${ruta}`, {
    method: cuerpo === undefined && ruta === '' ? 'GET' : 'POST',
    headers: cuerpo === undefined ? {} : { 'content-type': 'application/json' },
    body: cuerpo === undefined ? (ruta === '' ? undefined : '{}') : JSON.stringify(cuerpo),
  });
  const s = (await r.json().catch(() => ({ code: 0, message: 'No se pudo conectar con el servidor.' }))) as Sobre<T>;
  if (s.code !== 20000) throw new Error(s.message);
  return s.data as T;
}

/** /firmar/{token}: a signer opens their private link, proves it is them with an e-mailed code, reads and signs. */
export function FirmarPublicoPage() {
  const token = useParams().token ?? '';
  const consulta = useQuery({
    queryKey: ['firmar', token],
    queryFn: () => llamar<SolicitudFirma>(token, ''),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const info = consulta.data ?? null;
  const cargando = consulta.isPending;
  const error = consulta.error?.message ?? null;
  const leer = () => consulta.refetch();

  let cuerpo;
  if (cargando) cuerpo = <Spin />;
  else if (!info) cuerpo = <Result status="warning" title="Enlace no disponible" subTitle={error} />;
  else if (info.estado === 'firmado')
    cuerpo = (
      <Result
        status="success"
        title="Documento firmado"
        subTitle={`Gracias, ${info.firmante}. Cuando todos firmen, recibirá por correo la copia firmada de «${info.titulo}».`}
      />
    );
  else if (info.estado === 'rechazado')
    cuerpo = (
      <Result status="info" title="Documento rechazado" subTitle="Usted rechazó este documento. El remitente ya fue avisado." />
    );
  else if (info.estado_documento !== 'enviado')
    cuerpo = (
      <Result
        status="warning"
        title="Este documento ya no se puede firmar"
        subTitle={
          info.estado_documento === 'vencido'
            ? 'El enlace venció. Pida al remitente que se lo envíe de nuevo.'
            : info.estado_documento === 'cancelado'
              ? 'El remitente canceló el documento.'
              : 'El proceso de firma terminó.'
        }
      />
    );
  else if (!info.verificado) cuerpo = <Codigo token={token} info={info} alVerificar={() => void leer()} />;
  else cuerpo = <Firmar token={token} info={info} alTerminar={() => void leer()} />;

  return (
    <main className="firmar-publico">
      <header className="firmar-cabecera">
        <Typography.Title level={1} className="firmar-empresa">
          {info?.empresa || 'Firma electrónica'}
        </Typography.Title>
        {info?.titulo && <Typography.Text className="firmar-doc">{info.titulo}</Typography.Text>}
      </header>
      <Card className="firmar-tarjeta">{cuerpo}</Card>
      <Typography.Paragraph type="secondary" className="firmar-pie">
        Firma electrónica conforme a la Ley 527 de 1999 y el Decreto 2364 de 2012. Se registran su código de verificación, la
        hora, su dirección IP y su navegador como evidencia.
      </Typography.Paragraph>
    </main>
  );
}

function Codigo({ token, info, alVerificar }: { token: string; info: SolicitudFirma; alVerificar: () => void }) {
  const [enviado, setEnviado] = useState(info.codigo_enviado);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const pedir = async () => {
    setError(null);
    setOcupado(true);
    try {
      await llamar(token, '/codigo');
      setEnviado(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setOcupado(false);
    }
  };
  const verificar = async () => {
    setError(null);
    setOcupado(true);
    try {
      await llamar(token, '/verificar', { codigo });
      alVerificar();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setOcupado(false);
    }
  };
  return (
    <Space orientation="vertical" size="middle" className="firmar-paso">
      <Typography.Title level={2} className="firmar-subtitulo">
        Hola, {info.firmante}
      </Typography.Title>
      {info.mensaje && <Typography.Paragraph>{info.mensaje}</Typography.Paragraph>}
      <Typography.Paragraph>
        Para ver y firmar el documento, confirme que es usted con el código que le enviaremos{' '}
        {info.canal === 'sms' ? 'por SMS ' : info.canal === 'whatsapp' ? 'por WhatsApp ' : ''}a {info.destino_oculto}.
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} />}
      {enviado && (
        <Form layout="vertical" onFinish={() => void verificar()}>
          <Form.Item label="Código" htmlFor="firmar-codigo">
            <Input
              id="firmar-codigo"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={codigo}
              onChange={(e) => setCodigo(e.target.value.replace(/\D/g, ''))}
              size="large"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={ocupado} disabled={codigo.length !== 6}>
            Confirmar código
          </Button>
        </Form>
      )}
      <Button
        type={enviado ? 'link' : 'primary'}
        size="large"
        block={!enviado}
        onClick={() => void pedir()}
        loading={ocupado && !enviado}
      >
        {enviado ? 'Enviarme otro código' : 'Enviarme el código'}
      </Button>
    </Space>
  );
}

function Firmar({ token, info, alTerminar }: { token: string; info: SolicitudFirma; alTerminar: () => void }) {
  const [pdf, setPdf] = useState<string | null>(null);
  const [errorPdf, setErrorPdf] = useState<string | null>(null);
  const [tipo, setTipo] = useState<'dibujada' | 'escrita'>('dibujada');
  const [imagen, setImagen] = useState<string | null>(null);
  const [texto, setTexto] = useState(info.firmante);
  const [acepto, setAcepto] = useState(false);
  const [rechazando, setRechazando] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [valores, setValores] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      info.campos.map((c) => [
        c.id,
        c.tipo === 'nombre' ? info.firmante : c.tipo === 'iniciales' ? iniciales(info.firmante) : '',
      ]),
    ),
  );
  const faltan = info.campos.filter((c) => c.obligatorio && llenable(c) && !(valores[c.id] ?? '').trim());
  useEffect(() => {
    let url: string | null = null;
    void (async () => {
      const r = await fetch(`/api/firmar/${token}/pdf`);
      if (!r.ok)
        return setErrorPdf(
          ((await r.json().catch(() => null)) as Sobre<unknown> | null)?.message ?? 'No se pudo abrir el documento.',
        );
      url = URL.createObjectURL(await r.blob());
      setPdf(url);
    })();
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [token]);
  const accion = async (ruta: string, cuerpo: unknown) => {
    setError(null);
    setOcupado(true);
    try {
      await llamar(token, ruta, cuerpo);
      alTerminar();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setOcupado(false);
    }
  };
  const firmaLista = tipo === 'dibujada' ? imagen !== null : texto.trim() !== '';
  const listo = acepto && pdf !== null && firmaLista && faltan.length === 0;
  const hoy = new Intl.DateTimeFormat('es-CO', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  /** What a field shows on the page: the signature once made, today's date, or what was typed. */
  const vista = (c: CampoFirma): ReactNode =>
    c.tipo === 'firma' ? (
      tipo === 'dibujada' ? (
        imagen ? (
          <img src={imagen} alt="" />
        ) : null
      ) : (
        <span className="firmar-escrita-campo">{texto}</span>
      )
    ) : c.tipo === 'fecha' ? (
      hoy
    ) : c.tipo === 'casilla' ? (
      valores[c.id] === 'sí' ? (
        '✕'
      ) : (
        ''
      )
    ) : (
      valores[c.id]
    );
  return (
    <Space orientation="vertical" size="middle" className="firmar-paso">
      <Typography.Title level={2} className="firmar-subtitulo">
        Lea el documento
      </Typography.Title>
      {errorPdf && <Alert type="error" showIcon title={errorPdf} />}
      {info.campos.length > 0 && (
        <Suspense fallback={<Spin />}>
          <PaginasFirmante token={token} info={info} valores={valores} vista={vista} llenable={llenable} />
        </Suspense>
      )}
      {pdf ? (
        <>
          {info.campos.length === 0 && (
            <object data={pdf} type="application/pdf" className="firmar-visor" aria-label="Documento a firmar">
              <Typography.Paragraph>Su navegador no muestra el PDF aquí: ábralo con el botón.</Typography.Paragraph>
            </object>
          )}
          <Button icon={<FilePdfOutlined />} href={pdf} target="_blank" rel="noopener">
            Abrir el documento
          </Button>
        </>
      ) : (
        !errorPdf && <Spin />
      )}
      {error && <Alert type="error" showIcon title={error} />}
      {!rechazando ? (
        <>
          <Typography.Title level={2} className="firmar-subtitulo">
            Su firma
          </Typography.Title>
          <Radio.Group
            value={tipo}
            onChange={(e) => setTipo(e.target.value as 'dibujada' | 'escrita')}
            optionType="button"
            options={[
              { value: 'dibujada', label: 'Dibujarla' },
              { value: 'escrita', label: 'Escribirla' },
            ]}
            aria-label="Tipo de firma"
          />
          {tipo === 'dibujada' ? (
            <FirmaTrazo alCambiar={setImagen} />
          ) : (
            <Form layout="vertical">
              <Form.Item label="Firma escrita" htmlFor="firmar-texto">
                <Input id="firmar-texto" value={texto} maxLength={120} onChange={(e) => setTexto(e.target.value)} size="large" />
              </Form.Item>
              <div className="firmar-escrita" aria-hidden>
                {texto}
              </div>
            </Form>
          )}
          {info.campos.some(llenable) && (
            <Suspense fallback={<Spin />}>
              <CamposFirmante
                campos={info.campos}
                valores={valores}
                setValores={setValores}
                faltan={faltan.length}
                llenable={llenable}
              />
            </Suspense>
          )}
          <Checkbox checked={acepto} onChange={(e) => setAcepto(e.target.checked)}>
            He leído el documento, acepto su contenido y acepto firmarlo electrónicamente, con la misma validez de mi firma
            manuscrita.
          </Checkbox>
          <Button
            type="primary"
            size="large"
            block
            disabled={!listo}
            loading={ocupado}
            onClick={() =>
              void accion('/firmar', {
                tipo,
                imagen: tipo === 'dibujada' ? imagen : undefined,
                texto: tipo === 'escrita' ? texto : '',
                campos: info.campos.filter(llenable).map((c) => ({ id: c.id, valor: valores[c.id] ?? '' })),
                acepto,
              })
            }
          >
            Firmar documento
          </Button>
          <Button type="link" danger onClick={() => setRechazando(true)}>
            No estoy de acuerdo: rechazar
          </Button>
        </>
      ) : (
        <Form layout="vertical" onFinish={() => void accion('/rechazar', { motivo })}>
          <Form.Item label="Motivo del rechazo" htmlFor="firmar-motivo">
            <Input.TextArea
              id="firmar-motivo"
              value={motivo}
              maxLength={1000}
              onChange={(e) => setMotivo(e.target.value)}
              autoSize={{ minRows: 3 }}
            />
          </Form.Item>
          <Space wrap>
            <Button danger type="primary" htmlType="submit" disabled={!motivo.trim()} loading={ocupado}>
              Rechazar documento
            </Button>
            <Button onClick={() => setRechazando(false)}>Volver</Button>
          </Space>
        </Form>
      )}
    </Space>
  );
}

/** The signature fields take the signature itself and the date the server's: the rest are typed or ticked. */
const llenable = (c: CampoFirma) => c.tipo !== 'firma' && c.tipo !== 'fecha';
const iniciales = (nombre: string) =>
  nombre
    .split(/\s+/)
    .filter(Boolean)
    .map((p) => p[0]!.toUpperCase())
    .join('')
    .slice(0, 4);
