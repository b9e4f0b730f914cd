import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_CLASE,
  ETIQUETAS_PROGRAMA,
  type PlantillaContratoResumen,
  type ProgramaContrato,
} from '@predio/contract/contratos';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { formatFechaHora } from '../../lib/format.ts';
import { usePlantillasContrato } from './contratos-api.ts';
import './contratos.css';

export const rutaEditar = (contrato: number | 'nueva', programa: ProgramaContrato) =>
  `/firmas-electronicas/editar-plantilla-contratos/${contrato}/${programa}`;

/** Firmas electrónicas › Plantillas de contratos (idm 10599): the company's contract models, versioned. */
export function PlantillasContratosPage() {
  const [q, setQ] = useState('');
  const buscar = useDebouncedValue(q.trim(), 250);
  const lista = usePlantillasContrato(buscar);
  const navegar = useNavigate();
  return (
    <Card title="Plantillas de contratos">
      <Typography.Paragraph type="secondary">
        Los modelos con los que se hacen los contratos: cada uno con su tipo de documento y sus campos combinables (inmueble,
        propietarios, arrendatario, canon, fechas…). Cada vez que se guarda queda una versión nueva; un contrato conserva la
        versión con la que se hizo.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navegar(rutaEditar('nueva', 'contratos'))}>
          Nueva plantilla
        </Button>
        <Button icon={<PlusOutlined />} onClick={() => void navegar(rutaEditar('nueva', 'coem'))}>
          Nueva de mandato
        </Button>
      </Space>
      <Input.Search
        allowClear
        aria-label="Buscar plantillas"
        placeholder="Buscar por nombre o tipo de documento"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        style={{ maxWidth: 420, marginBottom: 12, display: 'flex' }}
      />
      {lista.isError ? (
        <ErrorDeCarga titulo="No se pudieron cargar las plantillas" onReintentar={() => void lista.refetch()} />
      ) : (
        <Table<PlantillaContratoResumen>
          rowKey="id"
          size="small"
          loading={lista.isPending}
          dataSource={lista.data ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: <Empty description={buscar ? 'Ninguna plantilla coincide.' : 'Aún no hay plantillas.'} /> }}
          columns={[
            {
              title: 'Nombre',
              dataIndex: 'nombre',
              render: (n: string, p) => (
                <Space orientation="vertical" size={0}>
                  <Link to={rutaEditar(p.id, p.programa)}>{n}</Link>
                  {!p.activa ? <Tag>Inactiva</Tag> : null}
                </Space>
              ),
            },
            { title: 'Clase', dataIndex: 'clase', render: (c: PlantillaContratoResumen['clase']) => ETIQUETAS_CLASE[c] },
            { title: 'Tipo de documento', dataIndex: 'tipo_documento', responsive: ['lg'] },
            {
              title: 'Registro',
              dataIndex: 'programa',
              responsive: ['xl'],
              render: (p: ProgramaContrato) => ETIQUETAS_PROGRAMA[p],
            },
            { title: 'Versión', dataIndex: 'version', render: (v: number) => `v${v}` },
            {
              title: 'Modificada',
              dataIndex: 'actualizado',
              responsive: ['md'],
              render: (v: string, p) => `${formatFechaHora(v)} · ${p.actualizado_por}`,
            },
            {
              title: <span className="contratos-sr-only">Acciones</span>,
              key: 'acciones',
              render: (_: unknown, p) => (
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`Editar ${p.nombre}`}
                  onClick={() => void navegar(rutaEditar(p.id, p.programa))}
                >
                  Editar
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
