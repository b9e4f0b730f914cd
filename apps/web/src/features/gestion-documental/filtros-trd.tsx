import { Select } from 'antd';
import type { OpcionesRadicado } from '@predio/contract/gestion-documental';

type Valores = { id_serie: number | null; id_subserie: number | null; id_tipo_documental: number | null };

/**
 * Serie, subserie (of the serie chosen, when one is) and tipo documental: the TRD filters the radicados
 * list and the search share. Changing the serie clears a subserie of another serie.
 */
export function FiltrosTrd({
  opciones,
  valores,
  cambiar,
}: {
  opciones: OpcionesRadicado | undefined;
  valores: Valores;
  cambiar: (v: Partial<Valores>) => void;
}) {
  const subseries = (opciones?.subseries ?? []).filter((s) => valores.id_serie === null || s.id_serie === valores.id_serie);
  const etiqueta = (o: { nombre: string; codigo: string | null }) => (o.codigo ? `${o.codigo} ${o.nombre}` : o.nombre);
  return (
    <>
      <Select
        allowClear
        aria-label="Serie"
        placeholder="Todas las series"
        value={valores.id_serie ?? undefined}
        showSearch={{ optionFilterProp: 'label' }}
        options={(opciones?.series ?? []).map((s) => ({ value: s.id, label: etiqueta(s) }))}
        onChange={(v?: number) => {
          const sub = opciones?.subseries.find((s) => s.id === valores.id_subserie);
          cambiar({ id_serie: v ?? null, ...(sub && v != null && sub.id_serie !== v ? { id_subserie: null } : {}) });
        }}
        className="gd-filtro"
      />
      <Select
        allowClear
        aria-label="Subserie"
        placeholder="Todas las subseries"
        value={valores.id_subserie ?? undefined}
        showSearch={{ optionFilterProp: 'label' }}
        options={subseries.map((s) => ({ value: s.id, label: etiqueta(s) }))}
        onChange={(v?: number) => cambiar({ id_subserie: v ?? null })}
        className="gd-filtro"
      />
      <Select
        allowClear
        aria-label="Tipo documental"
        placeholder="Todos los tipos documentales"
        value={valores.id_tipo_documental ?? undefined}
        showSearch={{ optionFilterProp: 'label' }}
        options={(opciones?.tipos_documentales ?? []).map((s) => ({ value: s.id, label: s.nombre }))}
        onChange={(v?: number) => cambiar({ id_tipo_documental: v ?? null })}
        className="gd-filtro"
      />
    </>
  );
}
