import { useEffect, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import {
  CLAVE_PORTAL_MIN,
  ENLACE_INGRESO_MINUTOS,
  MENSAJE_ENLACE_INGRESO,
  MENSAJE_RECUPERAR,
  type PortalInfo,
} from '@predio/contract/zona-clientes';
import { guardarToken, portal, tokenPortal } from './portal-http.ts';
import { PortalInicio } from './portal-inicio.tsx';
import './portal.css';

/** The zona clientes of one company (/zona-clientes/:empresa/…): login, invitation, and the client's home. */
export function PortalApp() {
  const empresa = Number(useParams().empresa);
  const info = useQuery({
    queryKey: ['portal', empresa, 'info'],
    queryFn: () => portal<PortalInfo>(empresa, 'GET', `/portal/${empresa}/info`),
    enabled: Number.isInteger(empresa) && empresa > 0,
    retry: false,
  });
  useEffect(() => {
    if (info.data) document.title = `${info.data.titulo} · ${info.data.empresa}`;
  }, [info.data]);
  if (info.isPending && info.fetchStatus !== 'idle')
    return (
      <main className="portal">
        <Spin />
      </main>
    );
  if (!info.data)
    return (
      <main className="portal">
        <Result status="404" title="Zona clientes no disponible" subTitle="Verifique la dirección con su inmobiliaria." />
      </main>
    );
  return (
    <main className="portal">
      <header className="portal-cabeza">
        {info.data.logo ? <img className="portal-logo" src={info.data.logo} alt={`Logo de ${info.data.empresa}`} /> : null}
        <Typography.Text className="portal-empresa">{info.data.empresa}</Typography.Text>
        <Typography.Title level={1} className="portal-titulo">
          {info.data.titulo}
        </Typography.Title>
      </header>
      <Routes>
        <Route path="activar" element={<Activar empresa={empresa} />} />
        <Route path="recuperar" element={<PedirEnlace empresa={empresa} cual="clave" />} />
        <Route path="enlace" element={<PedirEnlace empresa={empresa} cual="ingreso" />} />
        <Route path="entrar" element={<Entrar empresa={empresa} />} />
        <Route path="inicio" element={<PortalInicio empresa={empresa} />} />
        <Route path="*" element={<Ingresar empresa={empresa} bienvenida={info.data.bienvenida} />} />
      </Routes>
    </main>
  );
}

function Ingresar({ empresa, bienvenida }: { empresa: number; bienvenida: string }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  useEffect(() => {
    if (tokenPortal(empresa)) void navigate(`/zona-clientes/${empresa}/inicio`, { replace: true });
  }, [empresa, navigate]);
  return (
    <Card className="portal-tarjeta">
      <Typography.Title level={2}>Ingresar</Typography.Title>
      {bienvenida ? <Typography.Paragraph>{bienvenida}</Typography.Paragraph> : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form
        layout="vertical"
        onFinish={async (v: { email: string; clave: string }) => {
          setEnviando(true);
          setError(null);
          try {
            const r = await portal<{ token: string }>(empresa, 'POST', `/portal/${empresa}/login`, v);
            guardarToken(empresa, r.token);
            void navigate(`/zona-clientes/${empresa}/inicio`);
          } catch (e) {
            setError((e as Error).message);
          } finally {
            setEnviando(false);
          }
        }}
      >
        <Form.Item name="email" label="Correo" rules={[{ required: true, message: 'Escriba su correo' }]}>
          <Input type="email" autoComplete="email" inputMode="email" size="large" />
        </Form.Item>
        <Form.Item name="clave" label="Contraseña" rules={[{ required: true, message: 'Escriba su contraseña' }]}>
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={enviando}>
          Ingresar
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to={`/zona-clientes/${empresa}/recuperar`}>¿Olvidó su contraseña?</Link>
      </Typography.Paragraph>
      <Typography.Paragraph style={{ textAlign: 'center' }}>
        <Link to={`/zona-clientes/${empresa}/enlace`}>Ingresar con un enlace a mi correo</Link>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        ¿Aún no tiene acceso? Pida a su inmobiliaria una invitación a la zona clientes.
      </Typography.Paragraph>
    </Card>
  );
}

const PEDIR = {
  clave: {
    titulo: '¿Olvidó su contraseña?',
    texto: 'Escriba el correo con el que ingresa y le enviaremos un enlace para crear una nueva.',
    ruta: 'recuperar',
    respuesta: MENSAJE_RECUPERAR,
  },
  ingreso: {
    titulo: 'Ingresar con un enlace',
    texto: `Escriba el correo con el que ingresa y le enviaremos un enlace para entrar sin contraseña. Sirve una sola vez durante ${ENLACE_INGRESO_MINUTOS} minutos.`,
    ruta: 'enlace',
    respuesta: MENSAJE_ENLACE_INGRESO,
  },
} as const;

/**
 * Asks for an e-mailed link: to choose a new password («¿Olvidó su contraseña?») or to log in without
 * one. The answer never says whether the address has an account.
 */
function PedirEnlace({ empresa, cual }: { empresa: number; cual: keyof typeof PEDIR }) {
  const p = PEDIR[cual];
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [enviado, setEnviado] = useState(false);
  if (enviado)
    return (
      <Card className="portal-tarjeta">
        <Result
          status="success"
          title="Revise su correo"
          subTitle={p.respuesta}
          extra={<Link to={`/zona-clientes/${empresa}`}>Volver a ingresar</Link>}
        />
      </Card>
    );
  return (
    <Card className="portal-tarjeta">
      <Typography.Title level={2}>{p.titulo}</Typography.Title>
      <Typography.Paragraph>{p.texto}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form
        layout="vertical"
        onFinish={async (v: { email: string }) => {
          setEnviando(true);
          setError(null);
          try {
            await portal(empresa, 'POST', `/portal/${empresa}/${p.ruta}`, v);
            setEnviado(true);
          } catch (e) {
            setError((e as Error).message);
          } finally {
            setEnviando(false);
          }
        }}
      >
        <Form.Item
          name="email"
          label="Correo"
          rules={[
            { required: true, message: 'Escriba su correo' },
            { type: 'email', message: 'Escriba un correo válido' },
          ]}
        >
          <Input type="email" autoComplete="email" inputMode="email" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={enviando}>
          Enviar enlace
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to={`/zona-clientes/${empresa}`}>Volver a ingresar</Link>
      </Typography.Paragraph>
    </Card>
  );
}

/** A link's error names its field («token: …») for the API's callers; a person reads only the sentence. */
const sinCampo = (m: string) => m.replace(/^token: /, '');

/** A link's secret is redeemed once even if the page mounts twice (React's StrictMode, a re-render). */
const canjes = new Map<string, Promise<{ token: string }>>();
const canjear = (empresa: number, token: string) => {
  const clave = `${empresa}:${token}`;
  if (!canjes.has(clave)) canjes.set(clave, portal<{ token: string }>(empresa, 'POST', `/portal/${empresa}/entrar`, { token }));
  return canjes.get(clave)!;
};

/** Opens the e-mailed login link: redeems its secret (in the fragment, never sent to a server log) once. */
function Entrar({ empresa }: { empresa: number }) {
  const navigate = useNavigate();
  const [secreto] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('t') ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!secreto) return;
    let vigente = true;
    canjear(empresa, secreto)
      .then((r) => {
        if (!vigente) return;
        guardarToken(empresa, r.token);
        void navigate(`/zona-clientes/${empresa}/inicio`, { replace: true });
      })
      .catch((e: Error) => vigente && setError(sinCampo(e.message)));
    return () => {
      vigente = false;
    };
  }, [empresa, secreto, navigate]);
  if (!secreto)
    return <Result status="warning" title="Enlace incompleto" subTitle="Abra el enlace completo que recibió por correo." />;
  if (error)
    return (
      <Card className="portal-tarjeta">
        <Result
          status="warning"
          title="No pudimos abrir su sesión"
          subTitle={error}
          extra={[
            <Link key="enlace" to={`/zona-clientes/${empresa}/enlace`}>
              Pedir otro enlace
            </Link>,
            <Link key="ingresar" to={`/zona-clientes/${empresa}`} style={{ marginInlineStart: 16 }}>
              Ingresar con contraseña
            </Link>,
          ]}
        />
      </Card>
    );
  return (
    <Card className="portal-tarjeta" aria-busy>
      <Spin /> <Typography.Text>Abriendo su sesión…</Typography.Text>
    </Card>
  );
}

function Activar({ empresa }: { empresa: number }) {
  const navigate = useNavigate();
  // ?nueva=1: the link came from «¿Olvidó su contraseña?», not from an invitation.
  const nueva = useSearchParams()[0].get('nueva') === '1';
  const { message } = App.useApp();
  // The link's secret travels in the fragment (#t=…): it never reaches a server log.
  const [secreto] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('t') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const [form] = Form.useForm<{ clave: string; repetir: string }>();
  if (!secreto)
    return <Result status="warning" title="Enlace incompleto" subTitle="Abra el enlace completo que recibió por correo." />;
  return (
    <Card className="portal-tarjeta">
      <Typography.Title level={2}>{nueva ? 'Cree una contraseña nueva' : 'Cree su contraseña'}</Typography.Title>
      <Typography.Paragraph>
        {nueva
          ? 'La anterior deja de servir y se cierran las sesiones abiertas en otros equipos.'
          : 'Con ella y su correo ingresará a la zona clientes.'}
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        onFinish={async (v) => {
          setEnviando(true);
          setError(null);
          try {
            const r = await portal<{ token: string }>(empresa, 'POST', `/portal/${empresa}/activar`, {
              token: secreto,
              clave: v.clave,
            });
            guardarToken(empresa, r.token);
            void message.success(nueva ? 'Contraseña cambiada' : 'Contraseña creada');
            void navigate(`/zona-clientes/${empresa}/inicio`, { replace: true });
          } catch (e) {
            setError(sinCampo((e as Error).message));
          } finally {
            setEnviando(false);
          }
        }}
      >
        <Form.Item
          name="clave"
          label="Contraseña"
          rules={[
            { required: true, message: 'Escriba una contraseña' },
            { min: CLAVE_PORTAL_MIN, message: `Use al menos ${CLAVE_PORTAL_MIN} caracteres` },
          ]}
        >
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item
          name="repetir"
          label="Repita la contraseña"
          dependencies={['clave']}
          rules={[
            { required: true, message: 'Repita la contraseña' },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                v === getFieldValue('clave') ? Promise.resolve() : Promise.reject(new Error('Las contraseñas no coinciden')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" size="large" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={enviando}>
          {nueva ? 'Guardar contraseña nueva' : 'Crear contraseña'}
        </Button>
      </Form>
    </Card>
  );
}
