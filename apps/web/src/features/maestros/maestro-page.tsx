import { Suspense, useState } from 'react';
import { Card } from 'antd';
import { etiquetaReferencia, type ResourceDef } from '@predio/contract/maestros/resource';
import type { Item, Valores } from '@predio/contract/maestros/schemas';
import type { OpcionesFuente } from '../../components/resource-form/opciones-fuente.ts';
import { ResourceForm, type Edicion } from '../../components/resource-form/resource-form.tsx';
import { ResourceTable, type AccionFilaMaestro } from '../../components/resource-table/resource-table.tsx';
import { useListParams } from '../../components/resource-table/use-list-params.ts';
import { mayuscula } from '../../components/resource-texts.ts';
import { useActualizarMaestro, useCambiarActivoMaestro } from './api/actualizar-maestro.ts';
import { useCrearMaestro } from './api/crear-maestro.ts';
import { useEliminarMaestro } from './api/eliminar-maestro.ts';
import { useExportarMaestros } from './api/exportar-maestros.ts';
import { etiquetaQueryOptions } from './api/get-maestro.ts';
import { useMaestros } from './api/get-maestros.ts';
import { opcionesQueryOptions } from './api/get-opciones.ts';
import { useImportarMaestros } from './api/importar-maestros.ts';
import './maestro-page.css';

const fuente: OpcionesFuente = { opciones: opcionesQueryOptions, etiqueta: etiquetaQueryOptions };

/** The screen of one master (municipios, barrios, ...): its list and its form, both generated from the definition. */
export function MaestroPage({ def, AccionFila }: { def: ResourceDef; AccionFila?: AccionFilaMaestro | undefined }) {
  const [state, setState] = useListParams(def, def.ruta);
  const lista = useMaestros(def, state);
  const crear = useCrearMaestro(def);
  const actualizar = useActualizarMaestro(def);
  const cambiarActivo = useCambiarActivoMaestro(def);
  const eliminar = useEliminarMaestro(def);
  const importar = useImportarMaestros(def);
  const exportar = useExportarMaestros(def);
  const [edicion, setEdicion] = useState<Edicion | null>(null);

  // A new row under the parent the list is filtered by (a barrio of the municipio being looked at).
  const nuevo = (): Edicion => {
    const padre = def.parent === undefined ? undefined : state.filters[def.parent];
    if (def.parent === undefined || padre === undefined) return { item: null };
    const primera = lista.data?.items[0];
    const etiqueta = primera ? etiquetaReferencia(def.parent, primera) : undefined;
    return {
      item: null,
      prefill: { [def.parent]: Number(padre) },
      ...(typeof etiqueta === 'string' ? { etiquetas: { [def.parent]: etiqueta } } : {}),
    };
  };

  const guardar = (valores: Valores, item: Item | null) =>
    item === null ? crear.mutateAsync(valores) : actualizar.mutateAsync({ id: item.id, valores });

  return (
    <Card title={mayuscula(def.plural)} className="maestro-page">
      <ResourceTable
        def={def}
        state={state}
        onStateChange={setState}
        lista={lista}
        fuente={fuente}
        onCrear={() => setEdicion(nuevo())}
        onEditar={(item) => setEdicion({ item })}
        onEliminar={(item) => eliminar.mutateAsync(item.id)}
        onCambiarActivo={(item, activo) => cambiarActivo.mutateAsync({ id: item.id, activo })}
        onExportar={(formato) => exportar.mutateAsync({ state, formato })}
        onImportar={(archivo, modo, onProgress) => importar.mutateAsync({ archivo, modo, onProgress })}
        {...(AccionFila
          ? {
              accionFila: (item: Item, nombre: string) => (
                <Suspense fallback={null}>
                  <AccionFila item={item} nombre={nombre} />
                </Suspense>
              ),
            }
          : {})}
      />
      <ResourceForm def={def} fuente={fuente} edicion={edicion} onClose={() => setEdicion(null)} onGuardar={guardar} />
    </Card>
  );
}
