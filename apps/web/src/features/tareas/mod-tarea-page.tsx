import { Input, Select } from 'antd';
import { Link } from 'react-router';
import { ETIQUETAS_TAREA, etiquetaCampoTarea, type ModTarea } from '@predio/contract/tareas';
import { CambiosPage } from '../../components/lista/cambios-page.tsx';
import { definirLista, dia, id, texto } from '../../components/lista/campos-url.ts';
import { useListaUrl } from '../../components/lista/use-lista-url.ts';
import { descargar } from '../../lib/descargar.ts';
import { parametros, useModTarea } from '../../components/tareas/api.ts';
import '../../components/tareas/tareas.css';

const PATH = '/informes/mod-tarea';
const lista = definirLista({ filtros: { consecutivo: id(), usuario: texto(60), campo: texto(40), desde: dia(), hasta: dia() } });
const CAMPOS = [
  'titulo',
  'descripcion',
  'estado',
  'vence_en',
  'responsables',
  'seguidores',
  'id_categoria',
  'id_prioridad',
  'item',
  'recurrencia',
] as const;

/** Informes > Modificaciones de tareas (idm 10584): every field change of every task, who and when. */
export function ModTareaPage() {
  const { params, cambiar, limpiar, hayFiltros } = useListaUrl(lista, PATH);
  const filtros = {
    consecutivo: params.consecutivo ?? undefined,
    usuario: params.usuario || undefined,
    campo: params.campo || undefined,
    desde: params.desde ?? undefined,
    hasta: params.hasta ?? undefined,
  };
  const consulta = useModTarea({ ...filtros, page: params.page, pageSize: params.pageSize });
  return (
    <CambiosPage<ModTarea>
      titulo="Modificaciones de tareas"
      claveColumnas="mod-tarea"
      consulta={consulta}
      estado={params}
      onCambiar={cambiar}
      registro={{ titulo: 'Tarea', render: (m) => <Link to={`/tareas/tarea/${m.consecutivo}`}>{m.consecutivo}</Link> }}
      etiquetaCampo={etiquetaCampoTarea}
      fechas={filtros}
      filtros={
        <>
          <Select
            allowClear
            aria-label="Campo"
            placeholder="Todos los campos"
            value={filtros.campo}
            className="tareas-filtro"
            options={CAMPOS.map((c) => ({ value: c, label: (ETIQUETAS_TAREA as Record<string, string>)[c] ?? c }))}
            onChange={(v?: string) => cambiar({ campo: v ?? '' })}
          />
          <Input.Search
            key={`u${filtros.usuario ?? ''}`}
            defaultValue={filtros.usuario}
            allowClear
            placeholder="Usuario"
            aria-label="Usuario"
            onSearch={(x) => cambiar({ usuario: x.trim() })}
          />
          <Input.Search
            key={`c${filtros.consecutivo ?? ''}`}
            defaultValue={filtros.consecutivo}
            allowClear
            inputMode="numeric"
            placeholder="Tarea n.º"
            aria-label="Tarea"
            onSearch={(x) => cambiar({ consecutivo: lista.filtros.consecutivo.leer(x.trim()) })}
          />
        </>
      }
      filtrosActivos={Object.values(filtros).filter((x) => x !== undefined).length}
      hayFiltros={hayFiltros}
      onLimpiar={limpiar}
      onExportar={(formato) => descargar(`/tareas/modificaciones/exportar?${parametros({ ...filtros, formato })}`)}
      vacio="Aún no hay cambios de tareas"
      filaClave={(m) => m.id}
    />
  );
}
