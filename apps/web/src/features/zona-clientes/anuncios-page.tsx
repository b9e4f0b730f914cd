import { useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Switch, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import type { ListResult } from '@predio/contract/list';
import {
  ETIQUETAS_PARA_ANUNCIO,
  PARA_ANUNCIO,
  type Anuncio,
  type AnuncioForm,
  type ParaAnuncio,
} from '@predio/contract/zona-clientes';
import { ModalForm } from '../../components/modal-form.tsx';
import { definirLista, texto } from '../../components/lista/campos-url.ts';
import { ListPage, type ColumnaLista } from '../../components/lista/list-page.tsx';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { EditorTextoRicoDiferido } from '../../components/texto-rico/editor-diferido.tsx';
import { zonaKeys } from '../../components/zona-clientes/api.ts';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { Acciones } from '../../components/acciones-fila.tsx';

const PATH = '/zonaclientes/informacionzonaclientes';
const lista = definirLista({ filtros: { q: texto() }, orden: ['creado_en'] as const });
const claves = { anuncios: () => [...zonaKeys.all, 'anuncios'] as const };

function useAnuncios(consulta: string) {
  return useQuery({
    queryKey: [...claves.anuncios(), consulta],
    queryFn: async ({ signal }) => (await http.get<ListResult<Anuncio>>(`/zona-clientes/anuncios?${consulta}`, { signal })).data,
    placeholderData: keepPreviousData,
  });
}
function useEscribir<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: claves.anuncios() }) });
}

/** Whether the portal shows it today (Bogotá's day), as the server decides. */
function vigente(a: Anuncio): boolean {
  const hoy = dayjs().format('YYYY-MM-DD');
  return a.publicado && (!a.desde || a.desde <= hoy) && (!a.hasta || a.hasta >= hoy);
}
const estado = (a: Anuncio) =>
  !a.publicado ? (
    <Tag>Borrador</Tag>
  ) : vigente(a) ? (
    <Tag color="green">En el portal</Tag>
  ) : (
    <Tag color="orange">{a.desde && a.desde > dayjs().format('YYYY-MM-DD') ? 'Programado' : 'Vencido'}</Tag>
  );
const vigencia = (a: Anuncio) =>
  a.desde || a.hasta ? `${a.desde ? formatFecha(a.desde) : '…'} – ${a.hasta ? formatFecha(a.hasta) : '…'}` : 'Siempre';

/** Zona clientes > Información zona clientes (idm 201): announcements for the clients in the portal. */
export function AnunciosPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const anuncios = useAnuncios(lista.consulta(params, true));
  const borrar = useEscribir((id: number) => http.delete(`/zona-clientes/anuncios/${id}`));
  const [editando, setEditando] = useState<Anuncio | 'nuevo' | null>(null);

  const acciones = (a: Anuncio) => (
    <Acciones
      titulo={a.titulo}
      onEditar={() => setEditando(a)}
      confirmar={{ pregunta: `¿Eliminar el anuncio «${a.titulo}»?`, detalle: 'Deja de verse en la zona clientes.' }}
      onEliminar={() => borrar.mutateAsync(a.id)}
    />
  );
  const columnas: ColumnaLista<Anuncio>[] = [
    { key: 'titulo', dataIndex: 'titulo', title: 'Título' },
    { key: 'para', title: 'Para', render: (_: unknown, a) => ETIQUETAS_PARA_ANUNCIO[a.para] },
    { key: 'estado', title: 'Estado', render: (_: unknown, a) => estado(a) },
    { key: 'vigencia', title: 'Vigencia', responsive: ['md'], render: (_: unknown, a) => vigencia(a) },
    {
      key: 'modificado',
      title: 'Última modificación',
      responsive: ['lg'],
      render: (_: unknown, a) => `${a.modificado_por ?? a.creado_por} · ${formatFechaHora(a.modificado_en ?? a.creado_en)}`,
    },
    {
      key: 'acciones',
      fija: true,
      title: <span className="visually-hidden">Acciones</span>,
      render: (_: unknown, a) => acciones(a),
    },
  ];

  return (
    <Card title="Información zona clientes">
      <ListPage<Anuncio, 'creado_en'>
        sustantivo={{ singular: 'anuncio', plural: 'anuncios' }}
        consulta={anuncios}
        columnas={columnas}
        claveColumnas="anuncios-zona-clientes"
        estado={params}
        ordenPorDefecto={{ sort: 'creado_en', order: 'desc' }}
        onCambiar={cambiar}
        busqueda={{ valor: params.q, onBuscar: (q) => cambiar({ q }), placeholder: 'Buscar por título o texto' }}
        hayFiltros={hayFiltros}
        onLimpiar={limpiar}
        acciones={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando('nuevo')}>
            Nuevo anuncio
          </Button>
        }
        vacio={{ texto: 'Aún no hay anuncios para los clientes' }}
        tarjeta={(a) => (
          <div className="pagina-web-tarjeta">
            <div>
              <strong>{a.titulo}</strong>
              <div>
                {estado(a)} {ETIQUETAS_PARA_ANUNCIO[a.para]}
              </div>
              <div>{vigencia(a)}</div>
            </div>
            {acciones(a)}
          </div>
        )}
        filaClave={(a) => a.id}
        tituloError="No se pudo cargar la lista de anuncios"
      />
      {editando !== null ? (
        <AnuncioDialogo
          key={editando === 'nuevo' ? 'nuevo' : editando.id}
          anuncio={editando === 'nuevo' ? null : editando}
          onCerrar={() => setEditando(null)}
        />
      ) : null}
    </Card>
  );
}

type Valores = Omit<AnuncioForm, 'desde' | 'hasta'> & { vigencia: [Dayjs | null, Dayjs | null] | null };

function AnuncioDialogo({ anuncio, onCerrar }: { anuncio: Anuncio | null; onCerrar: () => void }) {
  const guardar = useEscribir((body: AnuncioForm) =>
    anuncio ? http.put(`/zona-clientes/anuncios/${anuncio.id}`, body) : http.post('/zona-clientes/anuncios', body),
  );
  const [form] = Form.useForm<Valores>();
  return (
    <ModalForm<Valores>
      open
      width={760}
      form={form}
      formProps={{ name: 'anuncio' }}
      title={anuncio ? `Anuncio «${anuncio.titulo}»` : 'Nuevo anuncio'}
      valores={
        anuncio
          ? {
              ...anuncio,
              vigencia:
                anuncio.desde || anuncio.hasta
                  ? [anuncio.desde ? dayjs(anuncio.desde) : null, anuncio.hasta ? dayjs(anuncio.hasta) : null]
                  : null,
            }
          : { titulo: '', contenido: '', para: 'todos', publicado: false, vigencia: null }
      }
      onGuardar={async ({ vigencia: v, ...resto }) => {
        await guardar.mutateAsync({
          ...resto,
          contenido: resto.contenido ?? '',
          desde: v?.[0] ? v[0].format('YYYY-MM-DD') : null,
          hasta: v?.[1] ? v[1].format('YYYY-MM-DD') : null,
        });
      }}
      onCerrar={onCerrar}
      guardando={guardar.isPending}
    >
      <Form.Item
        name="titulo"
        label="Título"
        rules={[{ required: true, whitespace: true, message: 'El campo Título es obligatorio' }]}
      >
        <Input maxLength={150} />
      </Form.Item>
      <Space wrap align="start" size="large">
        <Form.Item name="para" label="Para">
          <Select<ParaAnuncio>
            style={{ minWidth: 200 }}
            options={PARA_ANUNCIO.map((p) => ({ value: p, label: ETIQUETAS_PARA_ANUNCIO[p] }))}
          />
        </Form.Item>
        <Form.Item name="vigencia" label="Se muestra" extra="Vacío: desde hoy y sin fecha de fin.">
          <DatePicker.RangePicker format="DD/MM/YYYY" allowEmpty={[true, true]} placeholder={['Desde', 'Hasta']} />
        </Form.Item>
        <Form.Item name="publicado" label="Publicado" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="contenido" label="Contenido">
        <EditorTextoRicoDiferido etiqueta="Contenido del anuncio" />
      </Form.Item>
    </ModalForm>
  );
}
