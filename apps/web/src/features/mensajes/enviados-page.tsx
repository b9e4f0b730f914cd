import { Card, DatePicker, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  ESTADOS_MENSAJE,
  ETIQUETAS_ESTADO_MENSAJE,
  type EstadoMensaje,
  type Enviado,
  type TotalesEnviados,
} from '@predio/contract/mensajes';
import { definirLista, dia, id, numero, texto, unoDe } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { descargar } from '../../lib/descargar.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { parametros, useEnviados, useTotalesEnviados, type FiltrosEnviados, type Informe } from './api/enviados.ts';
import './mensajes.css';

const COLOR: Record<EstadoMensaje, string> = {
  en_cola: 'gold',
  enviado: 'blue',
  entregado: 'green',
  fallido: 'red',
  rebotado: 'volcano',
};

const lista = definirLista({
  filtros: {
    desde: dia(),
    hasta: dia(),
    usuario: id(),
    para: texto(200),
    tipo_carta: numero(1, 99_999),
    estado: unoDe(ESTADOS_MENSAJE),
    canal: unoDe(['sms', 'whatsapp'] as const),
  },
});

const Estado = ({ m }: { m: Enviado }) => {
  const tag = <Tag color={COLOR[m.estado]}>{ETIQUETAS_ESTADO_MENSAJE[m.estado]}</Tag>;
  return m.error ? (
    <Space orientation="vertical" size={0}>
      {tag}
      <Typography.Text type="danger" className="mensajes-error">
        {m.error}
      </Typography.Text>
    </Space>
  ) : (
    tag
  );
};

/** Bars drawn with CSS: a day's or a user's share of the largest, with the figure beside it. */
function Barras({ titulo, filas }: { titulo: string; filas: { etiqueta: string; total: number; fallidos?: number }[] }) {
  const max = Math.max(1, ...filas.map((f) => f.total));
  return (
    <section className="mensajes-barras" aria-label={titulo}>
      <Typography.Text strong>{titulo}</Typography.Text>
      {filas.length === 0 ? <Typography.Text type="secondary">Sin mensajes</Typography.Text> : null}
      {filas.map((f) => (
        <div key={f.etiqueta} className="mensajes-barra">
          <span className="mensajes-barra-etiqueta" title={f.etiqueta}>
            {f.etiqueta}
          </span>
          <Tooltip title={`${f.total.toLocaleString('es-CO')}${f.fallidos ? `, ${f.fallidos} fallidos` : ''}`}>
            <span className="mensajes-barra-fondo">
              <span className="mensajes-barra-valor" style={{ width: `${(f.total / max) * 100}%` }} />
            </span>
          </Tooltip>
          <span className="mensajes-barra-total">{f.total.toLocaleString('es-CO')}</span>
        </div>
      ))}
    </section>
  );
}

const fechaCorta = (d: string) => dayjs(d).format('DD/MM');

function Totales({ t }: { t: TotalesEnviados | undefined }) {
  if (!t) return null;
  return (
    <div className="mensajes-totales">
      <Barras
        titulo="Por día"
        filas={t.porDia.map((d) => ({ etiqueta: fechaCorta(d.dia), total: d.total, fallidos: d.fallidos }))}
      />
      <Barras titulo="Por usuario" filas={t.porUsuario.map((u) => ({ etiqueta: u.usuario, total: u.total }))} />
    </div>
  );
}

/** Informes › Correos enviados / SMS enviados (idm 10562). */
function EnviadosPage({ informe }: { informe: Informe }) {
  const path = `/informes/${informe}`;
  const sms = informe === 'sms-enviados';
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, path);
  const filtros: FiltrosEnviados = {
    desde: params.desde ?? undefined,
    hasta: params.hasta ?? undefined,
    usuario: params.usuario ?? undefined,
    para: params.para || undefined,
    tipo_carta: params.tipo_carta ?? undefined,
    estado: params.estado ?? undefined,
    canal: sms ? (params.canal ?? undefined) : undefined,
  };
  const consulta = useEnviados(informe, { ...filtros, page: params.page, pageSize: params.pageSize });
  const totales = useTotalesEnviados(informe, filtros);

  const columnas: ColumnaLista<Enviado>[] = [
    { key: 'creado_en', title: 'Fecha', width: sms ? 120 : 130, render: (_v, m) => formatFechaHora(m.creado_en) },
    { key: 'usuario', dataIndex: 'usuario', title: 'Usuario', width: sms ? 120 : 140, ellipsis: true },
    { key: 'para', dataIndex: 'para', title: sms ? 'Número' : 'Para', width: sms ? 130 : 180, ellipsis: true },
    { key: 'asunto', dataIndex: 'asunto', title: sms ? 'Texto' : 'Asunto', width: sms ? 180 : 240, ellipsis: true },
    { key: 'tipo', dataIndex: 'tipo', title: 'Tipo', width: sms ? 120 : 160, ellipsis: true },
    ...(sms
      ? ([
          {
            key: 'canal',
            title: 'Canal',
            width: 100,
            render: (_v: unknown, m: Enviado) => (m.canal === 'whatsapp' ? 'WhatsApp' : 'SMS'),
          },
          { key: 'segmentos', title: 'Partes', width: 70, render: (_v: unknown, m: Enviado) => m.segmentos ?? '—' },
          {
            key: 'costo',
            title: 'Costo',
            width: 80,
            render: (_v: unknown, m: Enviado) => (m.costo === null ? '—' : m.costo.toLocaleString('es-CO')),
          },
        ] satisfies ColumnaLista<Enviado>[])
      : []),
    { key: 'estado', title: 'Estado', width: sms ? 140 : 150, render: (_v, m) => <Estado m={m} /> },
  ];

  const usuarios = (totales.data?.porUsuario ?? []).filter((u) => u.id_usuario !== null);
  return (
    <Card title={sms ? 'SMS enviados' : 'Correos enviados'} className="mensajes-page">
      <Totales t={totales.data} />
      <ListPage<Enviado>
        sustantivo={sms ? { singular: 'mensaje', plural: 'mensajes' } : { singular: 'correo', plural: 'correos' }}
        consulta={consulta}
        columnas={columnas}
        claveColumnas={informe}
        ancho={sms ? 1080 : 960}
        estado={{ ...params, sort: null, order: null }}
        onCambiar={cambiar}
        filtros={
          <>
            <DatePicker.RangePicker
              format="DD/MM/YYYY"
              aria-label="Fechas"
              placeholder={['Desde', 'Hasta']}
              value={[filtros.desde ? dayjs(filtros.desde) : null, filtros.hasta ? dayjs(filtros.hasta) : null]}
              onChange={(r) =>
                cambiar({ desde: r?.[0]?.format('YYYY-MM-DD') ?? null, hasta: r?.[1]?.format('YYYY-MM-DD') ?? null })
              }
            />
            <Select
              allowClear
              aria-label="Estado"
              placeholder="Todos los estados"
              style={{ minWidth: 160 }}
              value={filtros.estado}
              options={ESTADOS_MENSAJE.map((e) => ({ value: e, label: ETIQUETAS_ESTADO_MENSAJE[e] }))}
              onChange={(v?: EstadoMensaje) => cambiar({ estado: v ?? null })}
            />
            <Select
              allowClear
              aria-label="Usuario"
              placeholder="Todos los usuarios"
              style={{ minWidth: 180 }}
              value={filtros.usuario}
              options={usuarios.map((u) => ({ value: u.id_usuario!, label: u.usuario }))}
              onChange={(v?: number) => cambiar({ usuario: v ?? null })}
            />
            <Select
              allowClear
              aria-label="Tipo de aviso"
              placeholder="Todos los tipos"
              style={{ minWidth: 180 }}
              value={filtros.tipo_carta}
              options={(totales.data?.porTipo ?? []).map((x) => ({ value: x.tipo_carta, label: x.tipo }))}
              onChange={(v?: number) => cambiar({ tipo_carta: v ?? null })}
            />
            {sms ? (
              <Select
                allowClear
                aria-label="Canal"
                placeholder="SMS y WhatsApp"
                style={{ minWidth: 140 }}
                value={filtros.canal}
                options={[
                  { value: 'sms', label: 'SMS' },
                  { value: 'whatsapp', label: 'WhatsApp' },
                ]}
                onChange={(v?: 'sms' | 'whatsapp') => cambiar({ canal: v ?? null })}
              />
            ) : null}
            <Input.Search
              key={filtros.para ?? ''}
              defaultValue={filtros.para}
              allowClear
              placeholder={sms ? 'Número' : 'Destinatario'}
              aria-label="Destinatario"
              onSearch={(x) => cambiar({ para: x.trim() })}
            />
          </>
        }
        filtrosActivos={Object.values(filtros).filter((x) => x !== undefined).length}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        onExportar={(formato) => descargar(`/informes/${informe}/exportar?${parametros(filtros)}&formato=${formato}`)}
        vacio={{ texto: sms ? 'Aún no se han enviado SMS ni WhatsApp' : 'Aún no se han enviado correos' }}
        tarjeta={(m) => (
          <div className="mensajes-tarjeta">
            <Typography.Text type="secondary">
              {formatFechaHora(m.creado_en)} · {m.usuario} · {m.tipo}
            </Typography.Text>
            <strong>{m.para}</strong>
            <span>{m.asunto}</span>
            <span>
              <Estado m={m} />
            </span>
          </div>
        )}
        filaClave={(m) => `${m.canal}-${m.id}`}
        tituloError={sms ? 'No se pudieron cargar los SMS enviados' : 'No se pudieron cargar los correos enviados'}
      />
    </Card>
  );
}

export const EmailsEnviadosPage = () => <EnviadosPage informe="emails-enviados" />;
export const SmsEnviadosPage = () => <EnviadosPage informe="sms-enviados" />;
