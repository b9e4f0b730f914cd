import { useMemo, useState, type CSSProperties } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Select, Spin, Typography } from 'antd';
import { useDebouncedValue } from './use-debounced-value.ts';

export type OpcionRemota = { id: number; label: string; detalle?: string };
/** With id: that one row (to name a value that came from elsewhere, e.g. a shared URL). */
export type ConsultaOpciones = (q: string, id?: number) => UseQueryOptions<OpcionRemota[], Error, OpcionRemota[], QueryKey>;

type Comunes = {
  /** Names the option source: labels seen once are remembered under it for this tab. */
  fuente: string;
  /** The server's options matching the typed text (the caller's API file builds the query). */
  opciones: ConsultaOpciones;
  /** Labels of values the caller already knows (the record being edited carries them). */
  conocidas?: OpcionRemota[];
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
};
type Simple = Comunes & { multiple?: false; value?: number | null; onChange?: (v: number | null) => void };
type Multiple = Comunes & { multiple: true; value?: number[]; onChange?: (v: number[]) => void };

const vistas = new Map<string, OpcionRemota>();

/** The label a record already carries for its value, as `conocidas` (none when either is missing). */
export function conocida(id: number | null | undefined, label: string | null | undefined): OpcionRemota[] {
  return id != null && label ? [{ id, label }] : [];
}

/** A searchable select whose options come from the server as the user types (debounced, accent-insensitive there). */
export function RemoteSelect(props: Simple | Multiple) {
  const { fuente: clave, opciones, conocidas = [], id, disabled, placeholder, style } = props;
  const [texto, setTexto] = useState('');
  const [abierto, setAbierto] = useState(false);
  const q = useDebouncedValue(texto.trim(), 250);
  const lista = useQuery({ ...opciones(q), enabled: !disabled && (abierto || q !== '' || props.multiple === true) });
  const valor = props.value;
  const valores = useMemo(() => (Array.isArray(valor) ? valor : valor == null ? [] : [valor]), [valor]);
  const conocida = (v: number) =>
    lista.data?.find((o) => o.id === v) ?? conocidas.find((c) => c.id === v) ?? vistas.get(`${clave}:${v}`);
  const desconocido = valores.find((v) => conocida(v) === undefined);
  const porId = useQuery({ ...opciones('', desconocido ?? 0), enabled: desconocido !== undefined });

  const items = useMemo(() => {
    const out = [...(lista.data ?? [])];
    for (const v of valores) {
      if (out.some((o) => o.id === v)) continue;
      const o = conocidas.find((c) => c.id === v) ?? vistas.get(`${clave}:${v}`) ?? porId.data?.find((x) => x.id === v);
      out.unshift(o ?? { id: v, label: `#${v}` });
    }
    return out;
  }, [lista.data, valores, conocidas, clave, porId.data]);

  const recordar = (ids: number[]) => {
    for (const o of items) if (ids.includes(o.id)) vistas.set(`${clave}:${o.id}`, o);
  };

  return (
    <Select<number | number[] | null, { value: number; label: string; opcion: OpcionRemota }>
      id={id}
      aria-label={props['aria-label']}
      style={{ width: '100%', ...style }}
      mode={props.multiple ? 'multiple' : undefined}
      value={props.multiple ? valores : (valores[0] ?? null)}
      disabled={disabled}
      placeholder={placeholder ?? 'Escriba para buscar'}
      allowClear
      maxTagCount="responsive"
      showSearch={{ filterOption: false, onSearch: setTexto, searchValue: texto }}
      onOpenChange={(open) => {
        setAbierto(open);
        if (!open) setTexto('');
      }}
      options={items.map((o) => ({ value: o.id, label: o.detalle ? `${o.label} (${o.detalle})` : o.label, opcion: o }))}
      optionRender={(o) => (
        <span>
          {o.data.opcion.label}
          {o.data.opcion.detalle ? <Typography.Text type="secondary"> {o.data.opcion.detalle}</Typography.Text> : null}
        </span>
      )}
      notFoundContent={lista.isFetching ? <Spin size="small" /> : 'Sin resultados'}
      onChange={(v) => {
        if (props.multiple) {
          const ids = Array.isArray(v) ? v : [];
          recordar(ids);
          props.onChange?.(ids);
        } else {
          const x = typeof v === 'number' ? v : null;
          if (x !== null) recordar([x]);
          props.onChange?.(x);
        }
      }}
    />
  );
}
