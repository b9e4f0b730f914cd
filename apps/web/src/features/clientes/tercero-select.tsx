import { useMemo, useState } from 'react';
import { Grid, Select, Space } from 'antd';
import { NuevoTercero, type TerceroElegido } from '../../components/nuevo-tercero/nuevo-tercero-modal.tsx';
import { useDebouncedValue } from '../../components/use-debounced-value.ts';
import { useTercerosBusqueda } from './api/get-opciones.ts';

export type { TerceroElegido };

type Props = {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** The chosen tercero's label (from the lead, or from the one just created). */
  elegido: TerceroElegido | null;
  onElegido: (t: TerceroElegido | null) => void;
};

/** Searches the company's terceros; "Nuevo tercero" creates one inline through the terceros API. */
export function TerceroSelect({ id, value, onChange, elegido, onElegido }: Props) {
  const [q, setQ] = useState('');
  const buscar = useDebouncedValue(q, 250);
  const lista = useTercerosBusqueda(buscar);
  const angosta = Grid.useBreakpoint().sm === false;
  const opciones = useMemo(() => {
    const xs = (lista.data ?? []).map((t) => ({
      value: t.id,
      label: `${t.nombre} · ${t.nro_id}${t.celular ? ` · ${t.celular}` : ''}`,
      t,
    }));
    if (elegido && !xs.some((o) => o.value === elegido.id))
      xs.unshift({
        value: elegido.id,
        label: `${elegido.nombre} · ${elegido.nro_id}`,
        t: { ...elegido, celular: '', email: '' },
      });
    return xs;
  }, [lista.data, elegido]);
  const elegir = (t: TerceroElegido | null) => {
    onElegido(t);
    onChange?.(t?.id ?? null);
  };
  return (
    <Space.Compact className="cliente-tercero">
      <Select
        id={id}
        aria-label="Tercero"
        value={value ?? null}
        showSearch={{ filterOption: false, onSearch: setQ }}
        placeholder="Nombre, documento, teléfono o correo"
        options={opciones}
        onChange={(v: number | null, o) => {
          const op = Array.isArray(o) ? o[0] : o;
          elegir(v && op ? { id: v, nombre: op.t.nombre, nro_id: op.t.nro_id } : null);
        }}
        notFoundContent={
          buscar.trim().length < 2 ? 'Escriba al menos 2 letras' : lista.isFetching ? 'Buscando…' : 'Sin resultados'
        }
        allowClear
        loading={lista.isFetching}
      />
      <NuevoTercero rol="cliente" texto="Nuevo tercero" soloIcono={angosta} onCreado={elegir} />
    </Space.Compact>
  );
}
