import { Input, Select } from 'antd';
import { ETIQUETAS_ACCION_CITA, etiquetaCampoCita, type ModificacionAgenda } from '@predio/contract/agenda';
import { CambiosPage } from '../../components/lista/cambios-page.tsx';
import { definirLista, dia, id } from '../../components/lista/campos-url.ts';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { descargar } from '../../lib/descargar.ts';
import { useOpcionesAgenda } from './api/citas.ts';
import { parametros, useModificacionesAgenda, type FiltrosModificaciones } from './api/modificaciones.ts';

const PATH = '/archivo/utilidades/modificaciones-agenda';

const listaModificaciones = definirLista({ filtros: { asesor: id(), id_cita: id(), desde: dia(), hasta: dia() } });

/** Archivo > Utilidades > Modificaciones de agenda (idm 19): who changed what in which cita, and when. */
export function ModificacionesAgendaPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(listaModificaciones, PATH);
  const opciones = useOpcionesAgenda();
  const filtros: FiltrosModificaciones = {
    asesor: params.asesor ?? undefined,
    id_cita: params.id_cita ?? undefined,
    desde: params.desde ?? undefined,
    hasta: params.hasta ?? undefined,
  };
  const lista = useModificacionesAgenda({ ...filtros, page: params.page, pageSize: params.pageSize });

  return (
    <CambiosPage<ModificacionAgenda>
      titulo="Modificaciones de agenda"
      claveColumnas="modificaciones-agenda"
      consulta={lista}
      estado={params}
      onCambiar={cambiar}
      registro={{ titulo: 'Cita', render: (m) => m.id_cita }}
      etiquetaCampo={etiquetaCampoCita}
      accion={(m) => ETIQUETAS_ACCION_CITA[m.accion] ?? m.accion}
      fechas={filtros}
      filtros={
        <>
          <Select
            allowClear
            aria-label="Asesor"
            placeholder="Todos los asesores"
            value={filtros.asesor}
            options={(opciones.data?.asesores ?? []).map((a) => ({ value: a.id, label: a.nombre }))}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(v?: number) => cambiar({ asesor: v ?? null })}
          />
          <Input.Search
            key={filtros.id_cita ?? ''}
            defaultValue={filtros.id_cita}
            allowClear
            inputMode="numeric"
            placeholder="Cita n.º"
            aria-label="Cita"
            onSearch={(x) => cambiar({ id_cita: listaModificaciones.filtros.id_cita.leer(x.trim()) })}
          />
        </>
      }
      filtrosActivos={Object.values(filtros).filter((x) => x !== undefined).length}
      hayFiltros={hayFiltros}
      onLimpiar={limpiar}
      onExportar={(formato) => descargar(`/citas/modificaciones/exportar?${parametros(filtros)}&formato=${formato}`)}
      vacio="Aún no hay cambios de citas"
      filaClave={(m) => m.clave}
    />
  );
}
