import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Card, Empty, Input, InputNumber, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { SectionTabs } from '../../components/section-tabs.tsx';
import {
  CameraOutlined,
  CheckCircleOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  FilePdfOutlined,
  LeftOutlined,
  PlusOutlined,
  RightOutlined,
  SendOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  ESTADOS_ITEM,
  ETIQUETAS_ESTADO_INVENTARIO,
  ETIQUETAS_ESTADO_ITEM,
  DE_ROL_FIRMA,
  ETIQUETAS_ROL_FIRMA,
  ETIQUETAS_ROL_PARTE,
  ETIQUETAS_TIPO_INVENTARIO,
  ROLES_FIRMA,
  ROLES_PARTE,
  faltantesFirmaRemota,
  faltantesInventario,
  firmantesRemotos,
  inventarioBloqueado,
  problemaDetalle,
  type ContratoInventario,
  type Detalle,
  type DetalleCambios,
  type Espacio,
  type Inventario,
  type RolFirma,
  type RolParte,
} from '@predio/contract/inventarios';
import { ETIQUETAS_CLASE, ETIQUETAS_ESTADO_CONTRATO } from '@predio/contract/contratos';
import { ETIQUETAS_ESTADO_DOCUMENTO, ETIQUETAS_ESTADO_FIRMANTE } from '@predio/contract/firmas';
import { archivosKeys, archivosQueryOptions } from '../../components/archivos/archivos-api.ts';
import { Archivos } from '../../components/archivos/archivos.tsx';
import { AppDrawer } from '../../components/app-drawer.tsx';
import { AppModal } from '../../components/app-modal.tsx';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useAvisos } from '../../components/foco.ts';
import { formatFechaHora } from '../../lib/format.ts';
import {
  consultaTercerosInventario,
  descargarPdf,
  inventariosKeys,
  useAgregarParte,
  useCambiarInventario,
  useCancelarFirmaRemota,
  useCerrarInventario,
  useContratosDeInmueble,
  useFirmaRemota,
  useFirmar,
  useInventario,
  useQuitarFirma,
  useQuitarParte,
  useRepetirEspacio,
} from './api/inventarios-api.ts';
import { encolarDetalle, encolarFoto, useColaInventario, type Pendiente } from './cola-offline.ts';
import { Comparacion } from './comparacion.tsx';
import { FirmaPad } from './firma-pad.tsx';
import { PATH_INVENTARIOS } from './inventarios-params.ts';
import { Listado, ListadoItem, ListadoItemMeta } from '../../components/listado/listado.tsx';
import './inventarios.css';

const hecho = (d: Detalle) =>
  d.tipo === 'estado' ? d.estado !== null : d.tipo === 'llaves' ? d.cantidad !== null : d.lectura !== '';

/** Phones take 4000-px photos of 5 MB; 1600 px is plenty for a wall's stain and goes up on a weak signal. */
async function reducirFoto(f: File): Promise<Blob> {
  try {
    const bmp = await createImageBitmap(f);
    const k = Math.min(1, 1600 / Math.max(bmp.width, bmp.height));
    const c = document.createElement('canvas');
    c.width = Math.round(bmp.width * k);
    c.height = Math.round(bmp.height * k);
    c.getContext('2d')!.drawImage(bmp, 0, 0, c.width, c.height);
    return await new Promise<Blob>((res, rej) => c.toBlob((b) => (b ? res(b) : rej(new Error('foto'))), 'image/jpeg', 0.85));
  } catch {
    return f; // not decodable here: the server says whether it is an image
  }
}

/** Inventarios > Inventario (hidden, idm 496): one inventory taken room by room on a phone. */
export function InventarioPage() {
  const id = Number(useParams().id);
  const inv = useInventario(id);
  if (inv.isPending) return <Skeleton active className="inventario-cargando" />;
  // A failed reload keeps the inventory on screen: on a phone that lost its signal the agent goes on, and
  // the answers wait in the offline queue. Only a first load that failed shows the error.
  if (inv.data === undefined)
    return <ErrorDeCarga titulo="No se pudo cargar el inventario" error={inv.error} onReintentar={() => void inv.refetch()} />;
  return <Toma v={inv.data} />;
}

/** The server's inventory with the changes still waiting on the phone laid over it. */
function conPendientes(v: Inventario, pendientes: Pendiente[]): Inventario {
  const cambios = new Map<number, DetalleCambios>();
  for (const p of pendientes) if (p.tipo === 'detalle') cambios.set(p.detalle, p.cambios);
  if (!cambios.size) return v;
  return {
    ...v,
    espacios: v.espacios.map((s) => ({
      ...s,
      detalles: s.detalles.map((d) => {
        const c = cambios.get(d.id);
        return c ? ({ ...d, ...Object.fromEntries(Object.entries(c).filter(([, x]) => x !== undefined)) } as Detalle) : d;
      }),
    })),
  };
}

function Toma({ v: servidor }: { v: Inventario }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const cola = useColaInventario(servidor.id, (r) => {
    for (const m of r.rechazos) void message.error(m);
    void qc.invalidateQueries({ queryKey: inventariosKeys.detalle(servidor.id) });
    void qc.invalidateQueries({ queryKey: archivosKeys.all });
  });
  const v = useMemo(() => conPendientes(servidor, cola.pendientes), [servidor, cola.pendientes]);
  const soloLectura = inventarioBloqueado(v);
  const [pestana, setPestana] = useState('espacios');

  const pestanas = [
    {
      key: 'espacios',
      label: 'Espacios',
      children: <Espacios v={v} soloLectura={soloLectura} pendientes={cola.pendientes} enviar={cola.enviar} />,
    },
    {
      key: 'cierre',
      label: soloLectura ? 'Firmas y PDF' : 'Firmas y cierre',
      children: <Cierre v={v} pendientes={cola.pendientes.length} />,
    },
    ...(v.tipo === 'devolucion'
      ? [
          {
            key: 'comparacion',
            label: 'Comparación',
            children: <Comparacion id={v.id} activa={pestana === 'comparacion'} soloLectura={soloLectura} />,
          },
        ]
      : []),
  ];

  return (
    <div className="inventario-page">
      <Card size="small" className="inventario-cabeza">
        <div className="inventario-titulo">
          <Typography.Title level={4}>
            Inventario N° {v.consecutivo} · {ETIQUETAS_TIPO_INVENTARIO[v.tipo]}
          </Typography.Title>
          {v.estado !== 'cerrado' && v.firma_remota?.estado === 'enviado' ? (
            <Tag color="gold">En firma a distancia</Tag>
          ) : (
            <Tag color={soloLectura ? 'green' : 'blue'}>{ETIQUETAS_ESTADO_INVENTARIO[v.estado]}</Tag>
          )}
        </div>
        <Typography.Text type="secondary">
          <Link to={`/propiedades/inmueble/${v.inmueble.consecutivo}`}>
            {v.inmueble.consecutivo} · {v.inmueble.direccion}
          </Link>{' '}
          · {v.fecha} · {v.tomado_por}
          {v.origen ? ` · copia de la entrega N° ${v.origen.consecutivo}` : ''}
          {v.contrato ? (
            <>
              {' · '}
              <Link to={enlaceContrato(v.contrato)}>Contrato {v.contrato.numero}</Link>
            </>
          ) : null}
        </Typography.Text>
        {!soloLectura && <EstadoEnvio pendientes={cola.pendientes.length} enLinea={cola.enLinea} />}
        <div>
          <Link to={PATH_INVENTARIOS}>Volver a los inventarios</Link>
        </div>
      </Card>
      <SectionTabs activeKey={pestana} onChange={setPestana} items={pestanas} className="inventario-pestanas" />
    </div>
  );
}

function EstadoEnvio({ pendientes, enLinea }: { pendientes: number; enLinea: boolean }) {
  if (!enLinea)
    return (
      <Alert
        type="warning"
        showIcon
        icon={<DisconnectOutlined />}
        className="inventario-envio"
        title={`Sin conexión: ${pendientes} ${pendientes === 1 ? 'cambio guardado' : 'cambios guardados'} en este teléfono`}
        description="Siga tomando el inventario; se enviará solo cuando vuelva la señal."
        role="status"
      />
    );
  if (pendientes)
    return (
      <Typography.Text className="inventario-envio" role="status">
        <CloudSyncOutlined /> Enviando {pendientes} {pendientes === 1 ? 'cambio' : 'cambios'}…
      </Typography.Text>
    );
  return (
    <Typography.Text type="success" className="inventario-envio" role="status">
      <CheckCircleOutlined /> Todo guardado
    </Typography.Text>
  );
}

function Espacios({
  v,
  soloLectura,
  pendientes,
  enviar,
}: {
  v: Inventario;
  soloLectura: boolean;
  pendientes: Pendiente[];
  enviar: () => Promise<void>;
}) {
  const [actual, setActual] = useState(0);
  const repetir = useRepetirEspacio(v.id);
  const chips = useRef<HTMLDivElement>(null);
  const i = Math.min(actual, v.espacios.length - 1);
  const s = v.espacios[i];
  useEffect(() => {
    chips.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [i]);
  if (!s) return <Empty description="Este inventario no tiene espacios" />;
  const ir = (n: number) => {
    setActual(n);
    window.scrollTo({ top: 0 });
  };
  return (
    <div>
      <div className="inventario-chips" ref={chips} role="navigation" aria-label="Espacios">
        {v.espacios.map((e, k) => {
          const h = e.detalles.filter(hecho).length;
          return (
            <Button
              key={e.id}
              type={k === i ? 'primary' : 'default'}
              aria-current={k === i}
              onClick={() => ir(k)}
              className="inventario-chip"
            >
              {e.nombre}{' '}
              <span className={h === e.detalles.length ? 'inventario-chip-listo' : 'inventario-chip-avance'}>
                {h}/{e.detalles.length}
              </span>
            </Button>
          );
        })}
      </div>
      <Typography.Title level={5} className="inventario-espacio-titulo">
        {s.nombre}
      </Typography.Title>
      <Listado
        dataSource={s.detalles}
        rowKey="id"
        renderItem={(d) => (
          <ItemTarjeta
            key={d.id}
            inventario={v.id}
            d={d}
            soloLectura={soloLectura}
            fotosEnCola={pendientes.filter((p) => p.tipo === 'foto' && p.detalle === d.id)}
            enviar={enviar}
          />
        )}
      />
      {s.repetible && !soloLectura && (
        <Button
          block
          size="large"
          icon={<PlusOutlined />}
          loading={repetir.isPending}
          onClick={() => repetir.mutate(s.id)}
          className="inventario-repetir"
        >
          Agregar otro espacio como «{s.nombre.replace(/\s+\d+$/, '')}»
        </Button>
      )}
      <NavEspacios espacios={v.espacios} i={i} ir={ir} />
    </div>
  );
}

function NavEspacios({ espacios, i, ir }: { espacios: Espacio[]; i: number; ir: (n: number) => void }) {
  const ant = espacios[i - 1];
  const sig = espacios[i + 1];
  return (
    <div className="inventario-nav">
      <Button size="large" disabled={!ant} icon={<LeftOutlined />} onClick={() => ir(i - 1)}>
        {ant?.nombre ?? 'Anterior'}
      </Button>
      <Button size="large" type="primary" disabled={!sig} onClick={() => ir(i + 1)}>
        {sig?.nombre ?? 'Último espacio'} <RightOutlined />
      </Button>
    </div>
  );
}

function ItemTarjeta({
  inventario,
  d,
  soloLectura,
  fotosEnCola,
  enviar,
}: {
  inventario: number;
  d: Detalle;
  soloLectura: boolean;
  fotosEnCola: Pendiente[];
  enviar: () => Promise<void>;
}) {
  const [comentario, setComentario] = useState(d.comentario);
  const [verFotos, setVerFotos] = useState(false);
  const entrada = useRef<HTMLInputElement>(null);
  const { message } = App.useApp();
  // The saved comment changed (sent from this phone or another): show it.
  const [previo, setPrevio] = useState(d.comentario);
  if (previo !== d.comentario) {
    setPrevio(d.comentario);
    setComentario(d.comentario);
  }

  const guardar = (c: DetalleCambios) => {
    void encolarDetalle(inventario, d.id, c).then(enviar);
  };
  const problema = problemaDetalle({ tipo: d.tipo, estado: d.estado, comentario });
  // Only items with photos ask for their list: a space has a dozen items.
  const fotos = useQuery({
    ...archivosQueryOptions({ tipo: 'inventario_detalle', dueno: String(d.id), categoria: 'foto' }),
    enabled: d.fotos > 0,
  });
  const servidor = d.fotos > 0 ? (fotos.data ?? []) : [];
  const locales = useMemo(
    () => fotosEnCola.flatMap((p) => (p.tipo === 'foto' ? [{ clave: p.clave, url: URL.createObjectURL(p.archivo) }] : [])),
    [fotosEnCola],
  );
  useEffect(() => () => locales.forEach((l) => URL.revokeObjectURL(l.url)), [locales]);

  return (
    <Card
      size="small"
      className={`inventario-item${d.estado === 'no_conforme' ? ' inventario-item-mal' : ''}`}
      aria-label={d.nombre}
    >
      <div className="inventario-item-cabeza">
        <Typography.Text strong>{d.nombre}</Typography.Text>
        {!soloLectura && (
          <>
            <input
              ref={entrada}
              type="file"
              accept="image/*"
              capture="environment"
              hidden
              aria-label={`Foto de ${d.nombre}`}
              onChange={async (e) => {
                const f = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (!f) return;
                await encolarFoto(inventario, d.id, await reducirFoto(f), f.name.replace(/\.\w+$/, '') + '.jpg');
                void message.success(`Foto de «${d.nombre}» guardada`);
                void enviar();
              }}
            />
            <Button
              size="large"
              icon={<CameraOutlined />}
              onClick={() => entrada.current?.click()}
              aria-label={`Tomar foto de ${d.nombre}`}
            >
              Foto
            </Button>
          </>
        )}
      </div>
      {d.tipo === 'estado' && (
        <div className="inventario-estados" role="radiogroup" aria-label={`Estado de ${d.nombre}`}>
          {ESTADOS_ITEM.map((e) => (
            <Button
              key={e}
              size="large"
              role="radio"
              aria-checked={d.estado === e}
              disabled={soloLectura}
              type={d.estado === e ? 'primary' : 'default'}
              danger={e === 'no_conforme' && d.estado === e}
              onClick={() => guardar({ estado: e, comentario })}
            >
              {ETIQUETAS_ESTADO_ITEM[e]}
            </Button>
          ))}
        </div>
      )}
      {d.tipo === 'llaves' && (
        <Space.Compact className="inventario-cantidad">
          <Button
            size="large"
            disabled={soloLectura || !d.cantidad}
            onClick={() => guardar({ cantidad: Math.max(0, (d.cantidad ?? 0) - 1) })}
          >
            −
          </Button>
          <InputNumber
            size="large"
            min={0}
            max={1000}
            value={d.cantidad}
            disabled={soloLectura}
            aria-label={`Cantidad de ${d.nombre}`}
            onChange={(n) => guardar({ cantidad: n === null ? null : Math.round(n) })}
          />
          <Button size="large" disabled={soloLectura} onClick={() => guardar({ cantidad: (d.cantidad ?? 0) + 1 })}>
            +
          </Button>
        </Space.Compact>
      )}
      {d.tipo === 'lectura' && (
        <Input
          size="large"
          inputMode="decimal"
          defaultValue={d.lectura}
          key={d.lectura}
          disabled={soloLectura}
          placeholder="Lectura del medidor"
          aria-label={`Lectura de ${d.nombre}`}
          onBlur={(e) => e.currentTarget.value.trim() !== d.lectura && guardar({ lectura: e.currentTarget.value.trim() })}
        />
      )}
      <Input.TextArea
        value={comentario}
        disabled={soloLectura}
        autoSize={{ minRows: 1, maxRows: 5 }}
        maxLength={2000}
        placeholder={d.estado === 'no_conforme' ? 'Comentario (obligatorio): qué tiene y dónde' : 'Comentario'}
        aria-label={`Comentario de ${d.nombre}`}
        status={problema ? 'error' : undefined}
        onChange={(e) => setComentario(e.target.value)}
        onBlur={() =>
          comentario.trim() !== d.comentario &&
          guardar({ comentario: comentario.trim(), ...(d.estado ? { estado: d.estado } : {}) })
        }
        className="inventario-comentario"
      />
      {problema && <Typography.Text type="danger">{problema}</Typography.Text>}
      {(servidor.length > 0 || locales.length > 0) && (
        <div className="inventario-fotos">
          {servidor.map((a) => (
            <button
              key={a.id}
              type="button"
              className="inventario-foto"
              onClick={() => setVerFotos(true)}
              aria-label={`Ver fotos de ${d.nombre}`}
            >
              <img src={`/api/archivos/inventario_detalle/${d.id}/${a.id}`} alt={`Foto de ${d.nombre}`} loading="lazy" />
            </button>
          ))}
          {locales.map((l) => (
            <Badge key={l.clave} count={<CloudSyncOutlined className="inventario-foto-cola" />}>
              <span className="inventario-foto">
                <img src={l.url} alt={`Foto de ${d.nombre} sin enviar`} />
              </span>
            </Badge>
          ))}
        </div>
      )}
      <AppDrawer open={verFotos} onClose={() => setVerFotos(false)} title={`Fotos: ${d.nombre}`} size={520}>
        <Archivos
          tipo="inventario_detalle"
          dueno={String(d.id)}
          categoria="foto"
          acepta="image/*"
          captura
          soloLectura={soloLectura}
          textos={{
            singular: 'foto',
            plural: 'fotos',
            vacio: 'Este ítem no tiene fotos',
            vacioSoloLectura: 'Este ítem no tiene fotos',
            ayuda: 'JPG, PNG, WEBP o HEIC de hasta 15 MB; máximo 10 por ítem. Se guardan sin ubicación ni datos de la cámara.',
          }}
        />
      </AppDrawer>
    </Card>
  );
}

function Cierre({ v, pendientes }: { v: Inventario; pendientes: number }) {
  const { message } = App.useApp();
  const avisos = useAvisos();
  const cerrar = useCerrarInventario(v.id);
  const cambiar = useCambiarInventario(v.id);
  const faltan = faltantesInventario(v);
  if (v.estado === 'cerrado')
    return (
      <Space orientation="vertical" className="inventario-cierre">
        <Alert
          type="success"
          showIcon
          title={`Inventario cerrado${v.cerrado_en ? ` el ${formatFechaHora(v.cerrado_en)}` : ''}`}
          description={
            <>
              El PDF quedó archivado con el inventario. Huella SHA-256: <Typography.Text code>{v.pdf_sha256}</Typography.Text>
            </>
          }
        />
        <Radicacion v={v} />
        {v.firma_remota?.estado === 'firmado' && <FirmaRemotaEstado v={v} />}
        <Button type="primary" size="large" icon={<FilePdfOutlined />} onClick={() => void descargarPdf(v.id)} block>
          Descargar PDF
        </Button>
        <Partes v={v} />
        <Firmas v={v} />
      </Space>
    );
  if (inventarioBloqueado(v))
    return (
      <Space orientation="vertical" className="inventario-cierre">
        <FirmaRemotaEstado v={v} />
        <Button icon={<FilePdfOutlined />} onClick={() => void descargarPdf(v.id)} block>
          Ver el PDF enviado a firmar
        </Button>
        <Partes v={v} />
        <Firmas v={v} />
      </Space>
    );
  return (
    <Space orientation="vertical" className="inventario-cierre">
      {v.firma_remota && <FirmaRemotaEstado v={v} />}
      <Input.TextArea
        defaultValue={v.observaciones}
        placeholder="Observaciones generales del inventario"
        aria-label="Observaciones"
        autoSize={{ minRows: 2, maxRows: 6 }}
        maxLength={2000}
        onBlur={(e) =>
          e.currentTarget.value.trim() !== v.observaciones && cambiar.mutate({ observaciones: e.currentTarget.value.trim() })
        }
      />
      <ContratoDelInventario v={v} />
      <Partes v={v} />
      <Firmas v={v} />
      {faltan.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={`Para cerrar falta${faltan.length === 1 ? '' : 'n'} ${faltan.length} ${faltan.length === 1 ? 'cosa' : 'cosas'}`}
          description={
            <ul className="inventario-faltantes">
              {faltan.slice(0, 8).map((f) => (
                <li key={f}>{f}</li>
              ))}
              {faltan.length > 8 && <li>y {faltan.length - 8} más</li>}
            </ul>
          }
        />
      )}
      <Button
        type="primary"
        size="large"
        block
        disabled={faltan.length > 0 || pendientes > 0}
        loading={cerrar.isPending}
        onClick={() =>
          avisos.confirm({
            title: `¿Cerrar el inventario N° ${v.consecutivo}?`,
            content: 'Se genera el PDF con las fotos y las firmas, y el inventario ya no se podrá modificar.',
            okText: 'Cerrar inventario',
            cancelText: 'Cancelar',
            onOk: async () => {
              await cerrar.mutateAsync();
              void message.success('Inventario cerrado; el PDF quedó archivado');
            },
          })
        }
      >
        Cerrar inventario
      </Button>
      <EnviarAFirmar v={v} pendientes={pendientes} />
      {pendientes > 0 && (
        <Typography.Text type="warning">Espere a que se envíen los cambios guardados en el teléfono.</Typography.Text>
      )}
      <Button icon={<FilePdfOutlined />} onClick={() => void descargarPdf(v.id)} block>
        Ver borrador en PDF
      </Button>
    </Space>
  );
}

/**
 * Signing at a distance: the parties with an e-mail get a link to sign the inventory's PDF on their
 * phone (firmas electrónicas); when all have signed, the sealed PDF closes the inventory.
 */
function EnviarAFirmar({ v, pendientes }: { v: Inventario; pendientes: number }) {
  const { message } = App.useApp();
  const enviar = useFirmaRemota(v.id);
  const [abierto, setAbierto] = useState(false);
  const [mensaje, setMensaje] = useState('');
  const [dias, setDias] = useState<number | null>(15);
  const faltan = faltantesFirmaRemota(v);
  const firmantes = firmantesRemotos(v);
  return (
    <>
      <Button
        size="large"
        block
        icon={<SendOutlined />}
        disabled={faltan.length > 0 || pendientes > 0}
        title={faltan.length ? faltan[0] : undefined}
        onClick={() => setAbierto(true)}
      >
        Firmar a distancia
      </Button>
      <AppModal
        open={abierto}
        title={`Enviar a firmar el inventario N° ${v.consecutivo}`}
        okText="Enviar a firmar"
        cancelText="Cancelar"
        confirmLoading={enviar.isPending}
        onCancel={() => setAbierto(false)}
        onOk={async () => {
          await enviar.mutateAsync({ mensaje: mensaje.trim(), vence_dias: dias ?? 15 });
          setAbierto(false);
          void message.success('Enviado: cada firmante recibió su enlace por correo');
        }}
      >
        <Typography.Paragraph>
          Cada persona recibe por correo un enlace personal para leer el PDF en su teléfono, confirmar su identidad con un código
          y firmar. Mientras tanto el inventario no se puede modificar; cuando todos firmen, se cierra con el PDF sellado.
        </Typography.Paragraph>
        <Listado
          size="small"
          bordered
          dataSource={firmantes}
          rowKey="id"
          renderItem={(p) => (
            <ListadoItem>
              <ListadoItemMeta title={p.nombre} description={`${ETIQUETAS_ROL_PARTE[p.rol]} · ${p.email}`} />
            </ListadoItem>
          )}
        />
        <Space orientation="vertical" className="inventario-firma-remota-form">
          <label>
            Mensaje (opcional)
            <Input.TextArea
              value={mensaje}
              maxLength={2000}
              autoSize={{ minRows: 2, maxRows: 5 }}
              onChange={(e) => setMensaje(e.target.value)}
              aria-label="Mensaje"
            />
          </label>
          <label>
            Vence en (días){' '}
            <InputNumber min={1} max={90} value={dias} onChange={(n) => setDias(n)} aria-label="Vence en (días)" />
          </label>
        </Space>
      </AppModal>
    </>
  );
}

const COLOR_FIRMANTE = { pendiente: 'default', firmado: 'green', rechazado: 'red' } as const;

/** Where the signature at a distance stands, who signed, and how to call it off. */
function FirmaRemotaEstado({ v }: { v: Inventario }) {
  const { message } = App.useApp();
  const avisos = useAvisos();
  const cancelar = useCancelarFirmaRemota(v.id);
  const f = v.firma_remota!;
  const enCurso = f.estado === 'enviado';
  const firmaron = f.firmantes.filter((x) => x.estado === 'firmado').length;
  const tipo = enCurso ? 'info' : f.estado === 'firmado' ? 'success' : 'warning';
  // Declined or expired: the inventory is open again, and the agent is told why in words to act on.
  const quien = f.firmantes.find((x) => x.estado === 'rechazado');
  const titulo = enCurso
    ? `En firma a distancia: ${firmaron} de ${f.firmantes.length} firmaron`
    : f.estado === 'firmado'
      ? 'Firmado a distancia por todos: el PDF quedó sellado'
      : f.estado === 'rechazado'
        ? `${quien?.nombre ?? 'Una de las partes'} rechazó firmar el inventario: corrija lo necesario y envíelo de nuevo`
        : f.estado === 'vencido'
          ? `Los enlaces de firma vencieron${f.vence_en ? ` el ${formatFechaHora(f.vence_en)}` : ''} sin todas las firmas (${firmaron} de ${f.firmantes.length}): el inventario sigue abierto; envíelo de nuevo`
          : `La firma a distancia quedó ${ETIQUETAS_ESTADO_DOCUMENTO[f.estado].toLowerCase()}: el inventario sigue abierto; envíelo de nuevo`;
  return (
    <Alert
      type={tipo}
      showIcon
      title={titulo}
      description={
        <Space orientation="vertical" className="inventario-firma-remota">
          <ul className="inventario-firmantes-remotos">
            {f.firmantes.map((x) => (
              <li key={x.email}>
                <Tag color={COLOR_FIRMANTE[x.estado]}>{ETIQUETAS_ESTADO_FIRMANTE[x.estado]}</Tag> {x.nombre}
                {x.motivo_rechazo && <Typography.Text type="secondary"> — «{x.motivo_rechazo}»</Typography.Text>}
              </li>
            ))}
          </ul>
          {enCurso && f.vence_en && <span>Los enlaces vencen: {formatFechaHora(f.vence_en)}</span>}
          <Space wrap>
            <Link to={`/firmas-electronicas/detalle-documento/${f.id_documento}`}>Ver en Firmas electrónicas</Link>
            {enCurso && (
              <Button
                size="small"
                danger
                loading={cancelar.isPending}
                onClick={() =>
                  avisos.confirm({
                    title: '¿Cancelar la firma a distancia?',
                    content: 'Los enlaces enviados dejan de funcionar y el inventario se puede modificar de nuevo.',
                    okText: 'Cancelar la firma',
                    cancelText: 'Volver',
                    okButtonProps: { danger: true },
                    onOk: async () => {
                      await cancelar.mutateAsync(undefined);
                      void message.success('Firma a distancia cancelada');
                    },
                  })
                }
              >
                Cancelar la firma
              </Button>
            )}
          </Space>
        </Space>
      }
    />
  );
}

const enlaceRadicado = (r: { radicado: string }) => (
  <Link to={`/gestion-documental/buscar-gestion-documental/${encodeURIComponent(r.radicado)}`}>{r.radicado}</Link>
);

/** Where the filing in gestión documental stands (a job after the closing). */
function Radicacion({ v }: { v: Inventario }) {
  const r = v.radicacion;
  if (!r) return null;
  if (r.estado === 'radicado')
    return (
      <Alert
        type="info"
        showIcon
        title={
          <>
            Radicado en gestión documental: {v.radicado && enlaceRadicado(v.radicado)}
            {v.radicado_acta && <> · acta de restitución: {enlaceRadicado(v.radicado_acta)}</>}
          </>
        }
      />
    );
  if (r.estado === 'fallido')
    return (
      <Alert
        type="error"
        showIcon
        title="No se pudo radicar en gestión documental"
        description={`${r.error ?? ''} Un administrador puede reintentarlo en Logs del sistema › Trabajos en segundo plano.`}
      />
    );
  return (
    <Alert
      type={r.error ? 'warning' : 'info'}
      showIcon
      icon={<CloudSyncOutlined />}
      title="Radicando el PDF en gestión documental…"
      description={r.error ? `Se reintentará: ${r.error}` : undefined}
    />
  );
}

/** Who was present: chosen from terceros (their name, document and e-mail go to the PDF), or typed. */
/** Where the contract's screen lives: each register has its own list, which opens ?ver=<id>. */
const enlaceContrato = (k: ContratoInventario) =>
  `/firmas-electronicas/${k.programa === 'coem' ? 'contratos-coem' : 'contratos'}?ver=${k.id}`;

/** The contract the inventory belongs to: one of its property's, chosen while the inventory is open. */
function ContratoDelInventario({ v }: { v: Inventario }) {
  const { message } = App.useApp();
  const contratos = useContratosDeInmueble(v.inmueble.consecutivo);
  const cambiar = useCambiarInventario(v.id);
  const opciones = (contratos.data ?? []).map((k) => ({
    value: k.id,
    label: `${k.numero} · ${ETIQUETAS_CLASE[k.clase]} · ${ETIQUETAS_ESTADO_CONTRATO[k.estado]}${k.arrendatario ? ` · ${k.arrendatario}` : ''}`,
  }));
  return (
    <Card size="small" title="Contrato" className="inventario-contrato">
      <Select<number>
        allowClear
        size="large"
        style={{ width: '100%' }}
        aria-label="Contrato"
        placeholder={
          contratos.data && !contratos.data.length ? 'El inmueble no tiene contratos' : 'Sin contrato: elija uno del inmueble'
        }
        loading={contratos.isPending || cambiar.isPending}
        value={v.contrato?.id}
        options={opciones}
        onChange={(id) =>
          cambiar.mutate(
            { id_contrato: id ?? null },
            { onError: (e) => void message.error(e instanceof Error ? e.message : 'No se pudo cambiar el contrato') },
          )
        }
      />
      {v.contrato ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          <Link to={enlaceContrato(v.contrato)}>Ver el contrato {v.contrato.numero}</Link>
          {v.contrato.propietarios ? ` · Propietario: ${v.contrato.propietarios}` : ''}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

function Partes({ v }: { v: Inventario }) {
  const { message } = App.useApp();
  const agregar = useAgregarParte(v.id);
  const quitar = useQuitarParte(v.id);
  const soloLectura = inventarioBloqueado(v);
  const [rol, setRol] = useState<RolParte>(v.partes.some((p) => p.rol === 'arrendatario') ? 'propietario' : 'arrendatario');
  const [tercero, setTercero] = useState<number | null>(null);
  const [nombre, setNombre] = useState('');
  const [email, setEmail] = useState('');
  if (soloLectura && !v.partes.length) return null;
  return (
    <Card size="small" title="Partes presentes" className="inventario-partes">
      <Listado
        dataSource={v.partes}
        rowKey="id"
        locale={{ emptyText: 'Aún no hay partes: elija de los terceros quién asiste' }}
        renderItem={(p) => (
          <ListadoItem
            actions={
              soloLectura
                ? []
                : [
                    <Button
                      key="quitar"
                      size="small"
                      loading={quitar.isPending && quitar.variables === p.id}
                      onClick={() => quitar.mutate(p.id)}
                      aria-label={`Quitar a ${p.nombre}`}
                    >
                      Quitar
                    </Button>,
                  ]
            }
          >
            <ListadoItemMeta
              title={p.nombre}
              description={[
                ETIQUETAS_ROL_PARTE[p.rol],
                p.documento && `Documento ${p.documento}`,
                p.email,
                p.id_tercero === null && 'no es un tercero',
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListadoItem>
        )}
      />
      {!soloLectura && (
        <Space orientation="vertical" className="inventario-partes-campos">
          <Select<RolParte>
            size="large"
            aria-label="Asiste como"
            value={rol}
            onChange={setRol}
            options={ROLES_PARTE.map((r) => ({ value: r, label: ETIQUETAS_ROL_PARTE[r] }))}
          />
          <RemoteSelect
            fuente="inventarios-terceros"
            opciones={consultaTercerosInventario}
            value={tercero}
            onChange={setTercero}
            aria-label="Tercero"
            placeholder="Busque el tercero: nombre, documento o correo"
          />
          {tercero === null && (
            <Input
              size="large"
              aria-label="Nombre (si no es un tercero)"
              placeholder="O escriba el nombre si no es un tercero"
              value={nombre}
              onChange={(e) => setNombre(e.target.value)}
            />
          )}
          <Input
            size="large"
            type="email"
            inputMode="email"
            aria-label="Correo de la parte"
            placeholder={
              tercero === null ? 'Correo para enviarle el PDF (opcional)' : 'Otro correo (opcional; si no, el del tercero)'
            }
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            size="large"
            block
            icon={<UserAddOutlined />}
            disabled={tercero === null && !nombre.trim()}
            loading={agregar.isPending}
            onClick={async () => {
              await agregar.mutateAsync({ rol, id_tercero: tercero, nombre: nombre.trim(), documento: '', email: email.trim() });
              setTercero(null);
              setNombre('');
              setEmail('');
              if (rol === 'arrendatario') setRol('propietario');
              void message.success('Parte agregada');
            }}
          >
            Agregar parte
          </Button>
        </Space>
      )}
    </Card>
  );
}

function Firmas({ v }: { v: Inventario }) {
  return (
    <div className="inventario-firmas">
      {ROLES_FIRMA.map((rol) => (
        <FirmaRol key={rol} v={v} rol={rol} />
      ))}
    </div>
  );
}

function FirmaRol({ v, rol }: { v: Inventario; rol: RolFirma }) {
  const { message } = App.useApp();
  const firmar = useFirmar(v.id);
  const quitar = useQuitarFirma(v.id);
  const firma = v.firmas.find((f) => f.rol === rol);
  const [nombre, setNombre] = useState('');
  const [documento, setDocumento] = useState('');
  const [email, setEmail] = useState('');
  const [png, setPng] = useState<string | null>(null);
  const soloLectura = inventarioBloqueado(v);
  // The party chosen for this role fills the signer's data (still editable: someone may sign for them).
  const parte = rol === 'inmobiliaria' ? undefined : v.partes.find((p) => p.rol === rol);
  const [dePartes, setDePartes] = useState<number | null>(null);
  if (parte && dePartes !== parte.id) {
    setDePartes(parte.id);
    if (!nombre) {
      setNombre(parte.nombre);
      setDocumento(parte.documento);
      setEmail(parte.email);
    }
  }
  const titulo = `Firma ${DE_ROL_FIRMA[rol]}`;
  if (firma)
    return (
      <Card size="small" title={titulo} className="inventario-firma">
        <img src={firma.imagen} alt={`${titulo}: ${firma.nombre}`} className="inventario-firma-img" />
        <div>
          {firma.nombre}
          {firma.documento ? ` · ${firma.documento}` : ''} · {formatFechaHora(firma.firmado_en)}
        </div>
        {!soloLectura && (
          <Button size="small" loading={quitar.isPending} onClick={() => quitar.mutate(rol)}>
            Firmar de nuevo
          </Button>
        )}
      </Card>
    );
  if (soloLectura) return null;
  return (
    <Card size="small" title={titulo} className="inventario-firma">
      <Space orientation="vertical" className="inventario-firma-campos">
        <Input
          size="large"
          placeholder="Nombre completo"
          aria-label={`Nombre (${ETIQUETAS_ROL_FIRMA[rol]})`}
          value={nombre}
          onChange={(e) => setNombre(e.target.value)}
        />
        <Input
          size="large"
          placeholder="Documento (opcional)"
          inputMode="numeric"
          aria-label={`Documento (${ETIQUETAS_ROL_FIRMA[rol]})`}
          value={documento}
          onChange={(e) => setDocumento(e.target.value)}
        />
        <Input
          size="large"
          type="email"
          inputMode="email"
          placeholder="Correo para enviarle el PDF (opcional)"
          aria-label={`Correo (${ETIQUETAS_ROL_FIRMA[rol]})`}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FirmaPad etiqueta={`Espacio para firmar: ${ETIQUETAS_ROL_FIRMA[rol]}`} alCambiar={setPng} />
        <Button
          type="primary"
          size="large"
          block
          disabled={!png || !nombre.trim()}
          loading={firmar.isPending}
          onClick={async () => {
            await firmar.mutateAsync({
              rol,
              body: { nombre: nombre.trim(), documento: documento.trim(), email: email.trim(), imagen: png! },
            });
            void message.success(`${titulo} guardada`);
          }}
        >
          Guardar firma
        </Button>
      </Space>
    </Card>
  );
}
