import { useState } from 'react';
import { Alert, App, Col, Descriptions, Empty, Radio, Row, Select, Tag, Typography } from 'antd';
import { AppModal } from '../../components/app-modal.tsx';
import { ROLES, TIPOS_DCTO, type TerceroDetalle, type TerceroResumen } from '@predio/contract/terceros';
import { useTercero } from './api/get-tercero.ts';
import { useTerceros } from './api/get-terceros.ts';
import { useFusionarTerceros } from './api/fusionar-terceros.ts';
import { listaTerceros } from './terceros-params.ts';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useAvisos } from '../../components/foco.ts';

type Props = { origen: TerceroResumen | null; onCerrar: () => void };

const documento = (t: { tipo_dcto: number; nro_id: string; dv: number | null }) =>
  `${TIPOS_DCTO.find((x) => x.value === t.tipo_dcto)?.sigla ?? ''} ${t.nro_id}${t.dv === null ? '' : `-${t.dv}`}`;

function Vista({ t }: { t: TerceroDetalle | undefined }) {
  if (!t) return <Empty description="Elija un tercero" />;
  const roles = ROLES.filter((r) => t[r.key]).map((r) => r.label);
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'doc', label: 'Documento', children: documento(t) },
        { key: 'nombre', label: 'Nombre', children: t.nombre },
        { key: 'celular', label: 'Celular', children: t.celular || '—' },
        { key: 'email', label: 'Correo', children: t.email || '—' },
        { key: 'municipio', label: 'Municipio', children: t.municipio || '—' },
        { key: 'roles', label: 'Roles', children: roles.length ? roles.join(', ') : '—' },
        {
          key: 'datos',
          label: 'Autorización de datos',
          children: t.sinAutorizacionDatos ? <Tag color="warning">Sin autorización</Tag> : 'Sí',
        },
      ]}
    />
  );
}

/** 'Fusionar con…': pick the other tercero, compare both, choose the one kept, confirm naming both. */
export function FusionarDialog({ origen, onCerrar }: Props) {
  const { message } = App.useApp();
  const modal = useAvisos();
  const [q, setQ] = useState('');
  const buscar = useDebouncedValue(q, 300);
  const [otroId, setOtroId] = useState<number | null>(null);
  const [conservar, setConservar] = useState<'origen' | 'otro'>('origen');
  const candidatos = useTerceros({ ...listaTerceros.leer(''), q: buscar, pageSize: 10 });
  const a = useTercero(origen?.id ?? null);
  const b = useTercero(otroId);
  const fusionar = useFusionarTerceros();

  const cerrar = () => {
    setOtroId(null);
    setQ('');
    setConservar('origen');
    onCerrar();
  };

  const confirmar = () => {
    if (!a.data || !b.data) return;
    const [queda, sale] = conservar === 'origen' ? [a.data, b.data] : [b.data, a.data];
    modal.confirm({
      title: 'Confirmar fusión',
      content: `Se conservará «${queda.nombre}» (${queda.nro_id}) y se eliminará «${sale.nombre}» (${sale.nro_id}). Sus usuarios y demás referencias pasarán a «${queda.nombre}». Esta acción no se puede deshacer.`,
      okText: `Fusionar en ${queda.nombre}`,
      okButtonProps: { danger: true },
      cancelText: 'Cancelar',
      onOk: async () => {
        await fusionar.mutateAsync({ conservar: queda.id, eliminar: sale.id });
        void message.success(`«${sale.nombre}» se fusionó en «${queda.nombre}»`);
        cerrar();
      },
    });
  };

  const opciones = (candidatos.data?.items ?? [])
    .filter((t) => t.id !== origen?.id)
    .map((t) => ({ value: t.id, label: `${t.nombre} — ${documento(t)}` }));

  return (
    <AppModal
      open={origen !== null}
      onCancel={cerrar}
      title={origen ? `Fusionar «${origen.nombre}» con…` : 'Fusionar'}
      width={900}
      okText="Fusionar…"
      okButtonProps={{ disabled: !a.data || !b.data, danger: true }}
      onOk={confirmar}
      cancelText="Cancelar"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        Use la fusión cuando la misma persona o empresa quedó registrada dos veces. Los datos vacíos del que se conserva se
        completan con los del otro.
      </Typography.Paragraph>
      <Select
        aria-label="Tercero con el que se fusiona"
        className="tercero-ancho"
        placeholder="Busque por nombre, documento, teléfono o correo"
        value={otroId}
        onChange={(v: number) => setOtroId(v)}
        options={opciones}
        showSearch={{ filterOption: false, onSearch: setQ }}
        loading={candidatos.isFetching}
        notFoundContent={candidatos.isFetching ? 'Buscando…' : 'Sin resultados'}
      />
      {a.data && b.data ? (
        <>
          <Radio.Group
            className="fusion-eleccion"
            value={conservar}
            onChange={(e) => setConservar(e.target.value as 'origen' | 'otro')}
            aria-label="Tercero que se conserva"
          >
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Radio value="origen">Conservar {a.data.nombre}</Radio>
                <Vista t={a.data} />
              </Col>
              <Col xs={24} md={12}>
                <Radio value="otro">Conservar {b.data.nombre}</Radio>
                <Vista t={b.data} />
              </Col>
            </Row>
          </Radio.Group>
          <Alert
            type="warning"
            showIcon
            className="tercero-aviso"
            title={`Se eliminará «${conservar === 'origen' ? b.data.nombre : a.data.nombre}»`}
          />
        </>
      ) : null}
    </AppModal>
  );
}
