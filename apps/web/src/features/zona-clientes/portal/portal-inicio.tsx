import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Collapse,
  Empty,
  Form,
  Input,
  Radio,
  Select,
  Spin,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import {
  ACCEPT_DOCUMENTO_CLIENTE,
  CATEGORIAS_MANTENIMIENTO,
  DOCUMENTO_CLIENTE_MAX_MB,
  ETIQUETAS_CATEGORIA,
  ETIQUETAS_PAGADOR,
  ETIQUETAS_ESTADO_COTIZACION,
  ETIQUETAS_ESTADO_MANTENIMIENTO,
  ETIQUETAS_PUBLICACION_PROPIETARIO,
  ETIQUETAS_TIPO_HABEAS_DATA,
  ETIQUETAS_URGENCIA,
  TIPOS_HABEAS_DATA,
  URGENCIAS,
  type AnuncioPortal,
  type ContratoPortal,
  type CotizacionPortal,
  type DocumentoPortal,
  type DocumentosPortal,
  type HabeasDataForm,
  type InmueblePropietario,
  type SolicitudHabeasData,
  type EventoMantenimiento,
  type InmueblePortal,
  type MantenimientoForm,
  type PortalYo,
  type SeccionPortal,
  type SolicitudMantenimiento,
  type SolicitudMantenimientoDetalle,
} from '@predio/contract/zona-clientes';
import { formatFecha, formatFechaHora, formatMoneda } from '../../../lib/format.ts';
import type { DocumentoFirmadoPortal } from '@predio/contract/firmas';
import { ETIQUETAS_TIPO_INVENTARIO, type InventarioPortal } from '@predio/contract/inventarios';
import { ETIQUETAS_ESTADO_CITA } from '@predio/contract/agenda';
import {
  ETIQUETAS_CLASE,
  ETIQUETAS_ESTADO_CONTRATO,
  ETIQUETAS_ROL,
  type ClaseContrato,
  type EstadoContrato,
  type RolParte,
} from '@predio/contract/contratos';
import { ETIQUETAS_ESTADO as ETIQUETAS_ESTADO_INMUEBLE, type EstadoInmueble } from '@predio/contract/inmuebles';
import { TextoRico } from '../../../components/texto-rico/texto-rico.tsx';
import { descargarPortal, fotoUrl, guardarToken, portal, PortalError } from './portal-http.ts';
import { Listado, ListadoItem, ListadoItemMeta } from '../../../components/listado/listado.tsx';

const textoEvento = (e: EventoMantenimiento) =>
  e.tipo === 'creada'
    ? 'Solicitud recibida'
    : e.tipo === 'estado' && e.estado
      ? `${ETIQUETAS_ESTADO_MANTENIMIENTO[e.estado]}${e.texto ? `: ${e.texto}` : ''}`
      : e.texto;

/** The client's home: the policy until accepted, then their properties and maintenance requests. */
export function PortalInicio({ empresa }: { empresa: number }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const salirA = () => {
    guardarToken(empresa, null);
    qc.removeQueries({ queryKey: ['portal', empresa] });
    void navigate(`/zona-clientes/${empresa}`, { replace: true });
  };
  const yo = useQuery({
    queryKey: ['portal', empresa, 'yo'],
    queryFn: () => portal<PortalYo>(empresa, 'GET', '/portal/yo'),
    retry: false,
  });
  useEffect(() => {
    if (yo.error instanceof PortalError && yo.error.sesion) salirA();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the answer changes
  }, [yo.error]);
  if (yo.isPending) return <Spin />;
  if (!yo.data) return <Alert type="error" showIcon title={yo.error?.message ?? 'No se pudo cargar la zona clientes'} />;
  const salir = async () => {
    await portal(empresa, 'POST', '/portal/salir').catch(() => undefined);
    salirA();
  };
  return (
    <>
      <div className="portal-barra">
        <Typography.Text>
          Hola, <strong>{yo.data.nombre}</strong>
        </Typography.Text>
        <Button onClick={() => void salir()}>Salir</Button>
      </div>
      {yo.data.autorizo ? (
        <Contenido empresa={empresa} secciones={yo.data.secciones} />
      ) : (
        <Politica empresa={empresa} yo={yo.data} />
      )}
      {/* Asking about one's data (revoking, above all) does not wait for accepting the policy. */}
      <DatosPersonales empresa={empresa} />
    </>
  );
}

function Politica({ empresa, yo }: { empresa: number; yo: PortalYo }) {
  const qc = useQueryClient();
  const [acepto, setAcepto] = useState(false);
  const aceptar = useMutation({
    mutationFn: () => portal<PortalYo>(empresa, 'POST', '/portal/autorizacion', { acepto: true }),
    onSuccess: (d) => qc.setQueryData(['portal', empresa, 'yo'], d),
  });
  return (
    <Card className="portal-tarjeta">
      <Typography.Title level={2}>Tratamiento de sus datos personales</Typography.Title>
      <Typography.Paragraph>
        Antes de continuar, lea la política de tratamiento de datos de {yo.empresa} (Ley 1581 de 2012).
      </Typography.Paragraph>
      <div className="portal-politica" tabIndex={0} role="region" aria-label="Política de tratamiento de datos">
        {yo.politica || 'La inmobiliaria aún no ha publicado su política.'}
      </div>
      <Checkbox checked={acepto} onChange={(e) => setAcepto(e.target.checked)}>
        Autorizo el tratamiento de mis datos personales según esta política
      </Checkbox>
      {aceptar.error ? <Alert type="error" showIcon title={aceptar.error.message} style={{ marginTop: 12 }} /> : null}
      <Button
        type="primary"
        block
        size="large"
        style={{ marginTop: 12 }}
        disabled={!acepto}
        loading={aceptar.isPending}
        onClick={() => aceptar.mutate()}
      >
        Aceptar y continuar
      </Button>
    </Card>
  );
}

/** The sections the company shows to this kind of client (the server refuses the others too). */
function Contenido({ empresa, secciones }: { empresa: number; secciones: SeccionPortal[] }) {
  const ve = (s: SeccionPortal) => secciones.includes(s);
  const inmuebles = useQuery({
    queryKey: ['portal', empresa, 'inmuebles'],
    queryFn: () => portal<InmueblePortal[]>(empresa, 'GET', '/portal/inmuebles'),
  });
  const solicitudes = useQuery({
    queryKey: ['portal', empresa, 'solicitudes'],
    queryFn: () => portal<SolicitudMantenimiento[]>(empresa, 'GET', '/portal/solicitudes'),
    enabled: ve('mantenimiento'),
  });
  const [reportando, setReportando] = useState(false);
  return (
    <>
      <Tarjeta titulo="Mis inmuebles">
        <Listado
          loading={inmuebles.isPending}
          dataSource={inmuebles.data ?? []}
          locale={{ emptyText: <Empty description="La inmobiliaria aún no tiene inmuebles suyos registrados" /> }}
          renderItem={(i) => (
            <ListadoItem key={`${i.id}-${i.rol}`}>
              <ListadoItemMeta
                title={i.direccion}
                description={`${i.municipio} · ${i.rol === 'propietario' ? 'Propietario' : 'Arrendatario'} · N.º ${i.consecutivo}`}
              />
            </ListadoItem>
          )}
        />
      </Tarjeta>
      {ve('promocion') ? <Promocion empresa={empresa} /> : null}
      {ve('cotizaciones') ? <Cotizaciones empresa={empresa} /> : null}
      {ve('novedades') ? <Novedades empresa={empresa} /> : null}
      {ve('contratos') ? <Contratos empresa={empresa} /> : null}
      {ve('inventarios') ? <Inventarios empresa={empresa} /> : null}
      {ve('firmados') ? <Firmados empresa={empresa} /> : null}
      {ve('documentos') ? <Documentos empresa={empresa} inmuebles={inmuebles.data ?? []} /> : null}
      {ve('mantenimiento') ? (
        <Tarjeta titulo="Solicitudes de mantenimiento">
          {reportando ? (
            <Reportar empresa={empresa} inmuebles={inmuebles.data ?? []} onListo={() => setReportando(false)} />
          ) : (
            <Button type="primary" block size="large" disabled={!inmuebles.data?.length} onClick={() => setReportando(true)}>
              Reportar un problema
            </Button>
          )}
          <div style={{ marginTop: 12 }} aria-busy={solicitudes.isPending}>
            {solicitudes.data?.length === 0 ? (
              <Typography.Paragraph type="secondary">Aún no ha reportado problemas</Typography.Paragraph>
            ) : null}
            {(solicitudes.data ?? []).map((s) => (
              <SolicitudItem key={s.consecutivo} empresa={empresa} s={s} />
            ))}
          </div>
        </Tarjeta>
      ) : null}
    </>
  );
}

/** A section of the portal: a card under its own heading (one h2 per section, for screen readers too). */
function Tarjeta({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Card
      className="portal-tarjeta"
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
          {titulo}
        </Typography.Title>
      }
    >
      {children}
    </Card>
  );
}

function ErrorDeCarga({ error, onReintentar }: { error: Error; onReintentar: () => void }) {
  return <Alert type="error" showIcon title={error.message} action={<Button onClick={onReintentar}>Reintentar</Button>} />;
}

const COLOR_PUBLICACION = { publicado: 'green', en_proceso: 'blue', no_visible: 'default' } as const;

/**
 * For owners: where each of their properties is published and the visits it had (when and how it
 * went, never who came); nothing for a client who owns none.
 */
function Promocion({ empresa }: { empresa: number }) {
  const lista = useQuery({
    queryKey: ['portal', empresa, 'propietario'],
    queryFn: () => portal<InmueblePropietario[]>(empresa, 'GET', '/portal/propietario'),
  });
  if (!lista.isError && !lista.data?.length) return null;
  return (
    <Tarjeta titulo="Promoción de sus inmuebles">
      {lista.isError ? <ErrorDeCarga error={lista.error} onReintentar={() => void lista.refetch()} /> : null}
      {(lista.data ?? []).map((i) => {
        const realizadas = i.visitas.filter((v) => v.estado === 'realizada').length;
        return (
          <section key={i.id} className="portal-promocion" aria-labelledby={`promocion-${i.id}`}>
            <Typography.Title level={3} id={`promocion-${i.id}`} style={{ fontSize: 16, marginBottom: 4 }}>
              {i.direccion}
            </Typography.Title>
            <Typography.Text type="secondary">
              N.º {i.consecutivo} · {ETIQUETAS_ESTADO_INMUEBLE[i.estado as EstadoInmueble] ?? i.estado}
            </Typography.Text>
            <Typography.Paragraph style={{ margin: '8px 0 4px' }}>
              <strong>Dónde se publica</strong>
            </Typography.Paragraph>
            {i.publicaciones.length === 0 ? (
              <Typography.Paragraph type="secondary">Aún no está publicado en portales ni en el sitio web.</Typography.Paragraph>
            ) : (
              <ul className="portal-publicaciones">
                {i.publicaciones.map((p) => (
                  <li key={p.portal}>
                    {p.nombre} <Tag color={COLOR_PUBLICACION[p.estado]}>{ETIQUETAS_PUBLICACION_PROPIETARIO[p.estado]}</Tag>
                  </li>
                ))}
              </ul>
            )}
            <Typography.Paragraph style={{ margin: '8px 0 4px' }}>
              <strong>Visitas</strong>: {realizadas} {realizadas === 1 ? 'realizada' : 'realizadas'} · {i.interesados}{' '}
              {i.interesados === 1 ? 'persona interesada' : 'personas interesadas'}
            </Typography.Paragraph>
            {i.visitas.length === 0 ? (
              <Typography.Paragraph type="secondary">Aún no hay visitas.</Typography.Paragraph>
            ) : (
              <ul className="portal-visitas">
                {i.visitas.slice(0, 10).map((v) => (
                  <li key={`${v.inicio}-${v.estado}`}>
                    {formatFechaHora(v.inicio)} · {ETIQUETAS_ESTADO_CITA[v.estado]}
                    {v.interes ? ` · interés ${v.interes} de 5` : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </Tarjeta>
  );
}

/**
 * Quotes of the maintenance of the client's properties (as owner): the pending ones first, each to
 * approve or reject with a comment; nothing for a client who owns none with quotes.
 */
function Cotizaciones({ empresa }: { empresa: number }) {
  const lista = useQuery({
    queryKey: ['portal', empresa, 'cotizaciones'],
    queryFn: () => portal<CotizacionPortal[]>(empresa, 'GET', '/portal/cotizaciones'),
  });
  if (!lista.isError && !lista.data?.length) return null;
  const pendientes = (lista.data ?? []).filter((c) => c.estado === 'pendiente').length;
  return (
    <Tarjeta titulo={pendientes ? `Cotizaciones por aprobar (${pendientes})` : 'Cotizaciones'}>
      {lista.isError ? (
        <ErrorDeCarga error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        (lista.data ?? []).map((c) => <CotizacionItem key={c.id} empresa={empresa} c={c} />)
      )}
    </Tarjeta>
  );
}

function CotizacionItem({ empresa, c }: { empresa: number; c: CotizacionPortal }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [comentario, setComentario] = useState('');
  const decidir = useMutation({
    mutationFn: async (decision: 'aprobada' | 'rechazada') => {
      // Said here, in plain words, before the server says it with the field's name.
      if (decision === 'rechazada' && comentario.trim() === '')
        throw new Error('Para rechazar, escriba en el comentario por qué: la inmobiliaria lo necesita');
      return portal<CotizacionPortal>(empresa, 'POST', `/portal/cotizaciones/${c.id}/decision`, { decision, comentario });
    },
    onSuccess: async (d) => {
      void message.success(d.estado === 'aprobada' ? 'Cotización aprobada' : 'Cotización rechazada');
      await qc.invalidateQueries({ queryKey: ['portal', empresa] });
    },
  });
  const idTitulo = `cotizacion-${c.id}`;
  return (
    <article className="portal-cotizacion" aria-labelledby={idTitulo}>
      <Typography.Title level={3} id={idTitulo} style={{ fontSize: 16, marginBottom: 4 }}>
        Solicitud N.º {c.consecutivo} · {ETIQUETAS_CATEGORIA[c.categoria]}
      </Typography.Title>
      <Typography.Text type="secondary">{c.inmueble}</Typography.Text>
      <div className="portal-cotizacion-valor">
        {formatMoneda(c.valor)}{' '}
        <Tag color={c.estado === 'aprobada' ? 'green' : c.estado === 'rechazada' ? 'red' : 'gold'}>
          {ETIQUETAS_ESTADO_COTIZACION[c.estado]}
        </Tag>
      </div>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        <strong>Proveedor:</strong> {c.proveedor}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 4 }}>{c.descripcion}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">Problema reportado: {c.solicitud}</Typography.Paragraph>
      {c.pdf ? (
        <Button
          block
          style={{ marginBottom: 12 }}
          onClick={() =>
            void descargarPortal(empresa, `/portal/cotizaciones/${c.id}/pdf`, c.pdf!.nombre).catch(
              (e: Error) => void message.error(e.message),
            )
          }
        >
          Ver PDF de la cotización
        </Button>
      ) : null}
      {c.estado === 'pendiente' ? (
        <>
          <label htmlFor={`comentario-${c.id}`} className="portal-etiqueta">
            Comentario para la inmobiliaria (obligatorio si rechaza)
          </label>
          <Input.TextArea
            id={`comentario-${c.id}`}
            rows={2}
            maxLength={2000}
            value={comentario}
            onChange={(e) => {
              setComentario(e.target.value);
              if (decidir.error) decidir.reset();
            }}
          />
          {decidir.error ? <Alert type="error" showIcon title={decidir.error.message} style={{ marginTop: 8 }} /> : null}
          <div className="portal-botones">
            <Button
              type="primary"
              size="large"
              loading={decidir.isPending && decidir.variables === 'aprobada'}
              disabled={decidir.isPending}
              onClick={() => decidir.mutate('aprobada')}
            >
              Aprobar
            </Button>
            <Button
              danger
              size="large"
              loading={decidir.isPending && decidir.variables === 'rechazada'}
              disabled={decidir.isPending}
              onClick={() => decidir.mutate('rechazada')}
            >
              Rechazar
            </Button>
          </div>
        </>
      ) : (
        <Typography.Paragraph type="secondary">
          {c.decidido_en ? `Decidida el ${formatFechaHora(c.decidido_en)}` : ''}
          {c.comentario ? `. Su comentario: «${c.comentario}»` : ''}
        </Typography.Paragraph>
      )}
    </article>
  );
}

/** The agency's announcements for this client (Información zona clientes); nothing when there are none. */
function Novedades({ empresa }: { empresa: number }) {
  const lista = useQuery({
    queryKey: ['portal', empresa, 'anuncios'],
    queryFn: () => portal<AnuncioPortal[]>(empresa, 'GET', '/portal/anuncios'),
  });
  if (!lista.data?.length) return null;
  return (
    <Tarjeta titulo="Novedades">
      {lista.data.map((a) => (
        <article key={a.id} className="portal-anuncio" aria-labelledby={`anuncio-${a.id}`}>
          <Typography.Title level={3} id={`anuncio-${a.id}`} style={{ fontSize: 16, marginBottom: 4 }}>
            {a.titulo}
          </Typography.Title>
          <Typography.Text type="secondary">{formatFecha(a.fecha)}</Typography.Text>
          <TextoRico valor={a.contenido} />
        </article>
      ))}
    </Tarjeta>
  );
}

/** Contracts the client is a party of; the sealed PDF once everyone signed. Nothing when there are none. */
function Contratos({ empresa }: { empresa: number }) {
  const { message } = App.useApp();
  const lista = useQuery({
    queryKey: ['portal', empresa, 'contratos'],
    queryFn: () => portal<ContratoPortal[]>(empresa, 'GET', '/portal/contratos'),
  });
  if (!lista.isError && !lista.data?.length) return null;
  return (
    <Tarjeta titulo="Contratos">
      {lista.isError ? <ErrorDeCarga error={lista.error} onReintentar={() => void lista.refetch()} /> : null}
      {(lista.data ?? []).map((c) => (
        <article key={c.id} className="portal-contrato" aria-labelledby={`contrato-${c.id}`}>
          <Typography.Title level={3} id={`contrato-${c.id}`} style={{ fontSize: 16, marginBottom: 4 }}>
            {ETIQUETAS_CLASE[c.clase as ClaseContrato] ?? c.clase} {c.numero}
          </Typography.Title>
          <Tag>{ETIQUETAS_ESTADO_CONTRATO[c.estado as EstadoContrato] ?? c.estado}</Tag>
          <Typography.Paragraph style={{ margin: '8px 0 4px' }}>{c.direccion}</Typography.Paragraph>
          <Typography.Text type="secondary">
            Del {formatFecha(c.fecha_inicio)} al {formatFecha(c.fecha_fin)} · canon {formatMoneda(c.canon)} · usted es{' '}
            {(ETIQUETAS_ROL[c.rol as RolParte] ?? c.rol).toLowerCase()}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginTop: 4 }}>
            Partes: {c.partes.map((p) => `${p.nombre} (${(ETIQUETAS_ROL[p.rol as RolParte] ?? p.rol).toLowerCase()})`).join(', ')}
          </Typography.Paragraph>
          {c.firmado ? (
            <Button
              block
              onClick={() =>
                void descargarPortal(empresa, `/portal/contratos/${c.id}/pdf`, `contrato-${c.numero}-firmado.pdf`).catch(
                  (e: Error) => void message.error(e.message),
                )
              }
            >
              Descargar contrato firmado
            </Button>
          ) : (
            <Typography.Paragraph type="secondary">
              El PDF firmado estará aquí cuando todas las partes firmen.
            </Typography.Paragraph>
          )}
        </article>
      ))}
    </Tarjeta>
  );
}

/** Closed inventories of the client's properties (or where they were a party), each PDF to download. */
function Inventarios({ empresa }: { empresa: number }) {
  const { message } = App.useApp();
  const lista = useQuery({
    queryKey: ['portal', empresa, 'inventarios'],
    queryFn: () => portal<InventarioPortal[]>(empresa, 'GET', '/portal/inventarios'),
  });
  const bajar = (ruta: string, nombre: string) =>
    void descargarPortal(empresa, ruta, nombre).catch((e: Error) => void message.error(e.message));
  return (
    <Tarjeta titulo="Inventarios">
      {lista.isError ? (
        <ErrorDeCarga error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        <Listado
          loading={lista.isPending}
          dataSource={lista.data ?? []}
          locale={{ emptyText: <Empty description="Aún no hay inventarios de sus inmuebles" /> }}
          renderItem={(v) => (
            <ListadoItem
              key={v.id}
              actions={[
                <Button
                  key="pdf"
                  onClick={() => bajar(`/portal/inventarios/${v.id}/pdf`, `inventario-${v.consecutivo}.pdf`)}
                  aria-label={`Descargar el inventario N.º ${v.consecutivo}`}
                >
                  PDF
                </Button>,
                ...(v.acta
                  ? [
                      <Button
                        key="acta"
                        onClick={() => bajar(`/portal/inventarios/${v.id}/acta`, `acta-restitucion-${v.consecutivo}.pdf`)}
                        aria-label={`Descargar el acta de restitución del inventario N.º ${v.consecutivo}`}
                      >
                        Acta
                      </Button>,
                    ]
                  : []),
              ]}
            >
              <ListadoItemMeta
                title={`${ETIQUETAS_TIPO_INVENTARIO[v.tipo]} · N.º ${v.consecutivo}`}
                description={`${v.inmueble.direccion} · ${formatFecha(v.fecha)}`}
              />
            </ListadoItem>
          )}
        />
      )}
    </Tarjeta>
  );
}

/** Documents the client signed electronically, each sealed PDF to download; nothing when there are none. */
function Firmados({ empresa }: { empresa: number }) {
  const { message } = App.useApp();
  const lista = useQuery({
    queryKey: ['portal', empresa, 'firmados'],
    queryFn: () => portal<DocumentoFirmadoPortal[]>(empresa, 'GET', '/portal/firmados'),
  });
  if (!lista.isError && !lista.data?.length) return null;
  return (
    <Tarjeta titulo="Documentos firmados">
      {lista.isError ? (
        <ErrorDeCarga error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : (
        <Listado
          dataSource={lista.data ?? []}
          renderItem={(d) => (
            <ListadoItem
              key={d.id}
              actions={[
                <Button
                  key="pdf"
                  onClick={() =>
                    void descargarPortal(empresa, `/portal/firmados/${d.id}/pdf`, `${d.titulo}-firmado.pdf`).catch(
                      (e: Error) => void message.error(e.message),
                    )
                  }
                  aria-label={`Descargar «${d.titulo}» firmado`}
                >
                  PDF
                </Button>,
              ]}
            >
              <ListadoItemMeta
                title={d.titulo}
                description={`Firmado el ${formatFecha(d.completado_en)} · ${d.firmantes.join(', ')}`}
              />
            </ListadoItem>
          )}
        />
      )}
    </Tarjeta>
  );
}

/** Documents the agency shared with the client (or with their properties), by category; their own uploads. */
function Documentos({ empresa, inmuebles }: { empresa: number; inmuebles: InmueblePortal[] }) {
  const { message } = App.useApp();
  const [subiendo, setSubiendo] = useState(false);
  const lista = useQuery({
    queryKey: ['portal', empresa, 'documentos'],
    queryFn: () => portal<DocumentosPortal>(empresa, 'GET', '/portal/documentos'),
  });
  const bajar = (d: DocumentoPortal) =>
    void descargarPortal(empresa, `/portal/documentos/${d.id}/archivo`, d.archivo.nombre).catch(
      (e: Error) => void message.error(e.message),
    );
  const data = lista.data;
  const grupos = (data?.categorias ?? [])
    .map((c) => ({ ...c, docs: (data?.documentos ?? []).filter((d) => d.id_categoria === c.id) }))
    .filter((c) => c.docs.length > 0);
  const paraSubir = (data?.categorias ?? []).filter((c) => c.puede_subir);
  return (
    <Tarjeta titulo="Documentos">
      {lista.isError ? (
        <ErrorDeCarga error={lista.error} onReintentar={() => void lista.refetch()} />
      ) : lista.isPending ? (
        <Spin />
      ) : (
        <>
          {grupos.length === 0 ? (
            <Typography.Paragraph type="secondary">Aún no hay documentos compartidos con usted</Typography.Paragraph>
          ) : null}
          {grupos.map((g) => (
            <section key={g.id} aria-labelledby={`doc-cat-${g.id}`} className="portal-documentos-grupo">
              <Typography.Title level={3} id={`doc-cat-${g.id}`} style={{ fontSize: 16, marginBottom: 0 }}>
                {g.nombre}
              </Typography.Title>
              <Listado
                dataSource={g.docs}
                renderItem={(d) => (
                  <ListadoItem
                    key={d.id}
                    actions={[
                      <Button key="bajar" onClick={() => bajar(d)} aria-label={`Descargar «${d.titulo}»`}>
                        Descargar
                      </Button>,
                    ]}
                  >
                    <ListadoItemMeta
                      title={
                        <>
                          {d.titulo} {d.subido_por_cliente ? <Tag>Subido por usted</Tag> : null}
                        </>
                      }
                      description={[formatFecha(d.creado_en), d.inmueble].filter(Boolean).join(' · ')}
                    />
                  </ListadoItem>
                )}
              />
            </section>
          ))}
          {paraSubir.length === 0 ? null : subiendo ? (
            <SubirDocumento empresa={empresa} categorias={paraSubir} inmuebles={inmuebles} onListo={() => setSubiendo(false)} />
          ) : (
            <Button block size="large" onClick={() => setSubiendo(true)} style={{ marginTop: 12 }}>
              Subir un documento
            </Button>
          )}
        </>
      )}
    </Tarjeta>
  );
}

type CamposDocumento = { id_categoria?: number; titulo: string; id_inmueble?: number };

function SubirDocumento(props: {
  empresa: number;
  categorias: DocumentosPortal['categorias'];
  inmuebles: InmueblePortal[];
  onListo: () => void;
}) {
  const { empresa, categorias, onListo } = props;
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<CamposDocumento>();
  const [archivo, setArchivo] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const unicos = [...new Map(props.inmuebles.map((i) => [i.id, i])).values()];
  return (
    <Form
      form={form}
      layout="vertical"
      name="subir-documento"
      style={{ marginTop: 12 }}
      initialValues={{ id_categoria: categorias.length === 1 ? categorias[0]!.id : undefined, titulo: '' }}
      onFinish={async (v) => {
        if (!archivo) {
          setError('El campo Archivo es obligatorio');
          return;
        }
        setEnviando(true);
        setError(null);
        try {
          const p = new URLSearchParams({ id_categoria: String(v.id_categoria ?? ''), titulo: v.titulo });
          if (v.id_inmueble) p.set('id_inmueble', String(v.id_inmueble));
          const fd = new FormData();
          fd.append('file', archivo);
          await portal(empresa, 'POST', `/portal/documentos?${p}`, fd);
          void message.success(`«${v.titulo}» enviado a la inmobiliaria`);
          await qc.invalidateQueries({ queryKey: ['portal', empresa, 'documentos'] });
          onListo();
        } catch (e) {
          setError((e as Error).message);
        } finally {
          setEnviando(false);
        }
      }}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form.Item name="id_categoria" label="Categoría" rules={[{ required: true, message: 'Elija la categoría' }]}>
        <Select
          size="large"
          placeholder="Elija la categoría"
          options={categorias.map((c) => ({ value: c.id, label: c.nombre }))}
        />
      </Form.Item>
      <Form.Item name="titulo" label="Título" rules={[{ required: true, whitespace: true, message: 'Escriba un título' }]}>
        <Input size="large" maxLength={160} placeholder="Por ejemplo: Cédula, soporte de pago de marzo" />
      </Form.Item>
      {unicos.length > 0 ? (
        <Form.Item name="id_inmueble" label="Inmueble (opcional)">
          <Select
            size="large"
            allowClear
            placeholder="¿Sobre qué inmueble?"
            options={unicos.map((i) => ({ value: i.id, label: i.direccion }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item
        label="Archivo"
        htmlFor="portal-documento"
        required
        extra={`PDF, JPG, PNG o DOCX de hasta ${DOCUMENTO_CLIENTE_MAX_MB} MB.`}
      >
        <input
          id="portal-documento"
          type="file"
          accept={ACCEPT_DOCUMENTO_CLIENTE}
          onChange={(e) => setArchivo(e.target.files?.[0] ?? null)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={enviando}>
        Subir documento
      </Button>
      <Button block type="link" onClick={onListo} style={{ marginTop: 8 }}>
        Cancelar
      </Button>
    </Form>
  );
}

function SolicitudItem({ empresa, s }: { empresa: number; s: SolicitudMantenimiento }) {
  return (
    <Collapse
      style={{ marginBottom: 8 }}
      items={[
        {
          key: String(s.consecutivo),
          label: (
            <span>
              N.º {s.consecutivo} · {ETIQUETAS_CATEGORIA[s.categoria]} <Tag>{ETIQUETAS_ESTADO_MANTENIMIENTO[s.estado]}</Tag>
            </span>
          ),
          children: <DetalleSolicitud empresa={empresa} consecutivo={s.consecutivo} />,
        },
      ]}
    />
  );
}

function DetalleSolicitud({ empresa, consecutivo }: { empresa: number; consecutivo: number }) {
  const d = useQuery({
    queryKey: ['portal', empresa, 'solicitud', consecutivo],
    queryFn: () => portal<SolicitudMantenimientoDetalle>(empresa, 'GET', `/portal/solicitudes/${consecutivo}`),
  });
  if (!d.data) return <Spin />;
  return (
    <>
      <Typography.Paragraph>{d.data.inmueble}</Typography.Paragraph>
      <Typography.Paragraph>{d.data.descripcion}</Typography.Paragraph>
      {d.data.paga ? (
        <Typography.Paragraph>
          <strong>Quién paga la reparación:</strong> {ETIQUETAS_PAGADOR[d.data.paga]}
          {d.data.costo !== null ? ` · ${formatMoneda(d.data.costo)}` : ''}
          {d.data.proveedor ? ` · Proveedor: ${d.data.proveedor}` : ''}
        </Typography.Paragraph>
      ) : null}
      <div>
        {d.data.fotos.map((f) => (
          <Foto key={f.id} empresa={empresa} consecutivo={consecutivo} id={f.id} nombre={f.nombre} />
        ))}
      </div>
      <Typography.Title level={3} style={{ fontSize: 16, marginTop: 12 }}>
        Seguimiento
      </Typography.Title>
      <Timeline
        items={d.data.eventos.map((e) => ({
          key: e.id,
          content: (
            <>
              <div>{textoEvento(e)}</div>
              <Typography.Text type="secondary">{formatFechaHora(e.creado_en)}</Typography.Text>
            </>
          ),
        }))}
      />
    </>
  );
}

function Foto({ empresa, consecutivo, id, nombre }: { empresa: number; consecutivo: number; id: number; nombre: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let u: string | null = null;
    void fotoUrl(empresa, consecutivo, id)
      .then((x) => {
        u = x;
        setUrl(x);
      })
      .catch(() => undefined);
    return () => {
      if (u) URL.revokeObjectURL(u);
    };
  }, [empresa, consecutivo, id]);
  return url ? <img src={url} alt={`Foto ${nombre}`} className="portal-foto" /> : null;
}

type Campos = Omit<MantenimientoForm, 'permiso_ingreso'> & { permiso_ingreso?: boolean };

function Reportar({ empresa, inmuebles, onListo }: { empresa: number; inmuebles: InmueblePortal[]; onListo: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<Campos>();
  const [foto, setFoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const unicos = [...new Map(inmuebles.map((i) => [i.id, i])).values()];
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ id_inmueble: unicos.length === 1 ? unicos[0]!.id : undefined, urgencia: 'media', permiso_ingreso: false }}
      onFinish={async (v) => {
        setEnviando(true);
        setError(null);
        try {
          const s = await portal<SolicitudMantenimientoDetalle>(empresa, 'POST', '/portal/solicitudes', {
            ...v,
            permiso_ingreso: v.permiso_ingreso === true,
          });
          if (foto) {
            const fd = new FormData();
            fd.append('file', foto);
            await portal(empresa, 'POST', `/portal/solicitudes/${s.consecutivo}/fotos`, fd).catch((e: Error) =>
              message.warning(`La solicitud quedó registrada, pero la foto no: ${e.message}`),
            );
          }
          void message.success(`Solicitud N.º ${s.consecutivo} enviada`);
          await qc.invalidateQueries({ queryKey: ['portal', empresa, 'solicitudes'] });
          onListo();
        } catch (e) {
          setError((e as Error).message);
        } finally {
          setEnviando(false);
        }
      }}
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form.Item name="id_inmueble" label="Inmueble" rules={[{ required: true, message: 'Elija el inmueble' }]}>
        <Select size="large" options={unicos.map((i) => ({ value: i.id, label: i.direccion }))} placeholder="Elija el inmueble" />
      </Form.Item>
      <Form.Item name="categoria" label="Categoría" rules={[{ required: true, message: 'Elija la categoría' }]}>
        <Select
          size="large"
          placeholder="¿Qué tipo de problema?"
          options={CATEGORIAS_MANTENIMIENTO.map((c) => ({ value: c, label: ETIQUETAS_CATEGORIA[c] }))}
        />
      </Form.Item>
      <Form.Item name="descripcion" label="Descripción" rules={[{ required: true, message: 'Describa el problema' }]}>
        <Input.TextArea rows={4} maxLength={4000} placeholder="Qué pasa, dónde y desde cuándo" />
      </Form.Item>
      <Form.Item name="urgencia" label="Urgencia">
        <Radio.Group optionType="button" options={URGENCIAS.map((u) => ({ value: u, label: ETIQUETAS_URGENCIA[u] }))} />
      </Form.Item>
      <Form.Item name="permiso_ingreso" valuePropName="checked">
        <Checkbox>Autorizo el ingreso al inmueble para revisar o reparar</Checkbox>
      </Form.Item>
      <Form.Item name="disponibilidad" label="Disponibilidad (opcional)">
        <Input
          maxLength={500}
          placeholder={`Por ejemplo: entre semana después de las 5 p. m. (hoy ${formatFecha(new Date())})`}
        />
      </Form.Item>
      <Form.Item label="Foto (opcional)" htmlFor="portal-foto">
        <input
          id="portal-foto"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          onChange={(e) => setFoto(e.target.files?.[0] ?? null)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={enviando}>
        Enviar solicitud
      </Button>
      <Button block type="link" onClick={onListo} style={{ marginTop: 8 }}>
        Cancelar
      </Button>
    </Form>
  );
}

/**
 * Ley 1581: the client asks to see, correct or delete their data, or revokes the authorisation; the
 * company answers within the legal time, and the answer shows here (and arrives by e-mail).
 */
function DatosPersonales({ empresa }: { empresa: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<HabeasDataForm>();
  const [pidiendo, setPidiendo] = useState(false);
  const lista = useQuery({
    queryKey: ['portal', empresa, 'habeas-data'],
    queryFn: () => portal<SolicitudHabeasData[]>(empresa, 'GET', '/portal/habeas-data'),
  });
  const pedir = useMutation({
    mutationFn: (b: HabeasDataForm) => portal<SolicitudHabeasData[]>(empresa, 'POST', '/portal/habeas-data', b),
    onSuccess: (d) => {
      qc.setQueryData(['portal', empresa, 'habeas-data'], d);
      void message.success(`Solicitud enviada: le responderemos a más tardar el ${formatFecha(d[0]!.vence_el)}`);
      form.resetFields();
      setPidiendo(false);
    },
  });
  return (
    <Tarjeta titulo="Mis datos personales">
      <Typography.Paragraph type="secondary">
        Según la Ley 1581 de 2012 puede consultar los datos que tenemos de usted, pedir que se actualicen, corrijan o supriman, o
        revocar su autorización. Respondemos las consultas en 10 días hábiles y los reclamos en 15.
      </Typography.Paragraph>
      {lista.isError ? <ErrorDeCarga error={lista.error} onReintentar={() => void lista.refetch()} /> : null}
      {(lista.data ?? []).map((h) => (
        <article key={h.id} className="portal-habeas" aria-labelledby={`habeas-${h.id}`}>
          <Typography.Title level={3} id={`habeas-${h.id}`} style={{ fontSize: 16, marginBottom: 4 }}>
            {ETIQUETAS_TIPO_HABEAS_DATA[h.tipo]}{' '}
            <Tag color={h.estado === 'respondida' ? 'green' : 'blue'}>
              {h.estado === 'respondida' ? 'Respondida' : 'En trámite'}
            </Tag>
          </Typography.Title>
          <Typography.Text type="secondary">
            Enviada el {formatFecha(h.creado_en)}
            {h.estado === 'recibida' ? ` · respuesta a más tardar el ${formatFecha(h.vence_el)}` : ''}
          </Typography.Text>
          <Typography.Paragraph style={{ marginTop: 4 }}>{h.descripcion}</Typography.Paragraph>
          {h.respuesta ? (
            <div className="portal-respuesta">
              <strong>Respuesta ({h.respondido_en ? formatFecha(h.respondido_en) : ''}):</strong>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{h.respuesta}</Typography.Paragraph>
            </div>
          ) : null}
        </article>
      ))}
      {pidiendo ? (
        <Form form={form} layout="vertical" name="habeas-data" onFinish={(v) => pedir.mutate(v)} style={{ marginTop: 12 }}>
          {pedir.error ? <Alert type="error" showIcon title={pedir.error.message} style={{ marginBottom: 12 }} /> : null}
          <Form.Item name="tipo" label="¿Qué quiere hacer?" rules={[{ required: true, message: 'Elija qué quiere hacer' }]}>
            <Radio.Group>
              {TIPOS_HABEAS_DATA.map((t) => (
                <Radio key={t} value={t} style={{ display: 'flex', marginBottom: 8 }}>
                  {ETIQUETAS_TIPO_HABEAS_DATA[t]}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="descripcion"
            label="Detalle de su solicitud"
            rules={[{ required: true, whitespace: true, message: 'Cuéntenos qué necesita' }]}
          >
            <Input.TextArea rows={4} maxLength={4000} placeholder="Por ejemplo: mi celular cambió, el nuevo es…" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block size="large" loading={pedir.isPending}>
            Enviar solicitud
          </Button>
          <Button block type="link" onClick={() => setPidiendo(false)} style={{ marginTop: 8 }}>
            Cancelar
          </Button>
        </Form>
      ) : (
        <Button block size="large" onClick={() => setPidiendo(true)} style={{ marginTop: 12 }}>
          Hacer una solicitud sobre mis datos
        </Button>
      )}
    </Tarjeta>
  );
}
