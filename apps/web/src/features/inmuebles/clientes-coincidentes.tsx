import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert, Checkbox, Empty, Progress, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { MailOutlined, SendOutlined } from '@ant-design/icons';
import { IDM_CLIENTES_ATENDIDOS, type ClienteCoincidente } from '@predio/contract/clientes';
import { ETIQUETAS_GESTION, type EstadoInmueble } from '@predio/contract/inmuebles';
import { esCorreo } from '@predio/contract/campos';
import { hasIdm } from '@predio/contract/menu';
import { ReasonButton } from '../../components/reason-button.tsx';
import { EnviarFichasModal } from '../../components/enviar-fichas/enviar-fichas-modal.tsx';
import { formatFecha, formatFechaHora } from '../../lib/format.ts';
import { usePermisos } from '../../lib/session-store.ts';
import { useClientesCoincidentes } from './api/get-clientes-coincidentes.ts';
import { inmueblesKeys } from './api/get-inmuebles.ts';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { EnviarFichaClientesModal } from './enviar-ficha-clientes-modal.tsx';
import { Listado, ListadoItem } from '../../components/listado/listado.tsx';

const color = (puntaje: number) => (puntaje >= 80 ? '#52c41a' : puntaje >= 65 ? '#96be0e' : '#faad14');

const SIN_PERMISO_ENVIO = 'Enviar la ficha a un cliente requiere el permiso de Clientes atendidos';
const SIN_CORREO = 'No tiene un correo válido en Terceros: envíele la ficha con «Enviar ficha» y escriba la dirección';

/** The leads ticked for the ficha by e-mail: those with an e-mail only. */
function useSeleccion(clientes: ClienteCoincidente[] | undefined) {
  const [marcados, setMarcados] = useState<Set<number>>(new Set());
  const conCorreo = (clientes ?? []).filter((c) => esCorreo(c.email.trim().toLowerCase()));
  // Leads that left the list (closed, no longer matching) leave the selection too.
  const elegidos = conCorreo.filter((c) => marcados.has(c.consecutivo));
  return {
    elegidos,
    conCorreo,
    puede: (c: ClienteCoincidente) => conCorreo.includes(c),
    marcado: (c: number) => marcados.has(c),
    alternar: (c: number, si: boolean) =>
      setMarcados((m) => {
        const n = new Set(m);
        if (si) n.add(c);
        else n.delete(c);
        return n;
      }),
    todos: (si: boolean) => setMarcados(new Set(si ? conCorreo.map((c) => c.consecutivo) : [])),
  };
}

/** Issue 4 §2, the property's side of the matching: open leads it fits, with score and reasons. */
export function ClientesCoincidentes({ consecutivo, estado }: { consecutivo: number; estado: EstadoInmueble }) {
  const disponible = estado === 'disponible';
  const q = useClientesCoincidentes(consecutivo, disponible);
  const puedeEnviar = hasIdm(usePermisos(), IDM_CLIENTES_ATENDIDOS);
  const [destino, setDestino] = useState<ClienteCoincidente | null>(null);
  const [enviarVarios, setEnviarVarios] = useState(false);
  const seleccion = useSeleccion(q.data);
  const queryClient = useQueryClient();
  if (!disponible)
    return (
      <Alert
        type="info"
        showIcon
        title="Solo los inmuebles disponibles se cruzan con los clientes atendidos"
        description="Cuando el inmueble pase a disponible, los asesores de los clientes que le coincidan recibirán un aviso."
      />
    );
  if (q.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (q.isError)
    return (
      <ErrorDeCarga
        titulo="No se pudieron cargar los clientes que coinciden"
        error={q.error}
        onReintentar={() => void q.refetch()}
      />
    );
  if (q.data.length === 0) return <Empty description="Ningún cliente atendido abierto busca un inmueble como este" />;
  return (
    <>
      <Listado
        itemLayout="vertical"
        dataSource={q.data}
        header={
          <div className="inm-coincidencias-cabecera">
            {puedeEnviar && seleccion.conCorreo.length > 0 ? (
              <Checkbox
                checked={seleccion.elegidos.length === seleccion.conCorreo.length}
                indeterminate={seleccion.elegidos.length > 0 && seleccion.elegidos.length < seleccion.conCorreo.length}
                onChange={(e) => seleccion.todos(e.target.checked)}
              >
                Todos con correo
              </Checkbox>
            ) : null}
            <Typography.Text type="secondary">
              {q.data.length === 1 ? '1 cliente coincide' : `${q.data.length} clientes coinciden`}, de mayor a menor puntaje.
            </Typography.Text>
            {puedeEnviar && seleccion.conCorreo.length > 0 ? (
              <ReasonButton
                motivo={seleccion.elegidos.length === 0 ? 'Marque los clientes a los que enviará la ficha' : null}
                type="primary"
                icon={<SendOutlined />}
                className="inm-coincidencia-enviar"
                onClick={() => setEnviarVarios(true)}
              >
                {seleccion.elegidos.length === 0
                  ? 'Enviar ficha a los marcados'
                  : `Enviar ficha a ${seleccion.elegidos.length === 1 ? '1 cliente' : `${seleccion.elegidos.length} clientes`}`}
              </ReasonButton>
            ) : null}
          </div>
        }
        renderItem={(c) => (
          <ListadoItem key={c.consecutivo}>
            <div className="inm-coincidencia">
              {puedeEnviar ? (
                <Tooltip title={seleccion.puede(c) ? null : SIN_CORREO}>
                  <Checkbox
                    className="inm-coincidencia-marca"
                    disabled={!seleccion.puede(c)}
                    checked={seleccion.marcado(c.consecutivo)}
                    onChange={(e) => seleccion.alternar(c.consecutivo, e.target.checked)}
                    aria-label={`Marcar a ${c.nombre} para enviarle la ficha`}
                  />
                </Tooltip>
              ) : null}
              <Progress
                type="circle"
                size={56}
                percent={c.puntaje}
                strokeColor={color(c.puntaje)}
                format={(p) => `${p}`}
                aria-label={`Puntaje ${c.puntaje} de 100`}
              />
              <div className="inm-coincidencia-datos">
                <Space wrap size={4}>
                  <Link to={`/propiedades/clientes-atendidos?abrir=${c.consecutivo}`}>
                    <strong>{c.nombre}</strong>
                  </Link>
                  <Tag>{ETIQUETAS_GESTION[c.gestion]}</Tag>
                  {c.enviado ? (
                    <Tooltip title={`Ficha enviada por correo el ${formatFechaHora(c.enviado)}`}>
                      <Tag color="blue">Ficha enviada el {formatFecha(c.enviado)}</Tag>
                    </Tooltip>
                  ) : null}
                </Space>
                <Typography.Text type="secondary">
                  {[
                    c.asesor ? `Asesor: ${c.asesor}` : 'Sin asesor',
                    `Ingresó el ${formatFecha(c.fecha_ingreso)}`,
                    c.celular,
                    c.email,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
                <Space wrap size={[4, 4]}>
                  {c.motivos.map((m) => (
                    <Tooltip key={m.criterio} title={`${m.puntos} de ${m.maximo} puntos`}>
                      <Tag color={m.cumple ? 'green' : 'orange'}>{m.texto}</Tag>
                    </Tooltip>
                  ))}
                </Space>
              </div>
              <ReasonButton
                motivo={puedeEnviar ? null : SIN_PERMISO_ENVIO}
                icon={<MailOutlined />}
                className="inm-coincidencia-enviar"
                aria-label={`Enviar ficha a ${c.nombre}`}
                onClick={() => setDestino(c)}
              >
                Enviar ficha
              </ReasonButton>
            </div>
          </ListadoItem>
        )}
      />
      {destino ? (
        <EnviarFichasModal
          abierto
          cliente={{ consecutivo: destino.consecutivo, nombre: destino.nombre, email: destino.email }}
          inmuebles={[consecutivo]}
          onCerrar={() => setDestino(null)}
          onEnviado={() => {
            setDestino(null);
            void queryClient.invalidateQueries({ queryKey: [...inmueblesKeys.all, 'clientes-coincidentes', consecutivo] });
          }}
        />
      ) : null}
      {enviarVarios ? (
        <EnviarFichaClientesModal
          consecutivo={consecutivo}
          clientes={seleccion.elegidos}
          onCerrar={() => setEnviarVarios(false)}
          onEnviado={() => {
            setEnviarVarios(false);
            seleccion.todos(false);
          }}
        />
      ) : null}
    </>
  );
}
