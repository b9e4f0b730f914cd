import { App, Switch, Tooltip } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoriaDocumentoCliente } from '@predio/contract/zona-clientes';
import type { AccionFilaMaestro } from '../../components/resource-table/resource-table.tsx';
import { http } from '../../lib/http.ts';
import { documentosKeys, useOpcionesDocumentos } from './documentos-page.tsx';

/**
 * «El cliente puede subir» on each row of Categorías de documentos: the one setting of a category the
 * master's form does not hold (migration 0221). Clients upload into the categories where it is on.
 */
export const SubidaCategoriaAccion: AccionFilaMaestro = ({ item, nombre }) => {
  const opciones = useOpcionesDocumentos();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const actual = opciones.data?.categorias.find((c) => c.id === item.id);
  const cambiar = useMutation({
    mutationFn: async (puede: boolean) =>
      (
        await http.put<CategoriaDocumentoCliente>(`/zona-clientes/documentos/categorias/${item.id}/subida`, {
          cliente_puede_subir: puede,
        })
      ).data,
    onSuccess: (c) => {
      void message.success(
        c.cliente_puede_subir ? `Los clientes pueden subir a «${nombre}»` : `Los clientes ya no suben a «${nombre}»`,
      );
      return qc.invalidateQueries({ queryKey: documentosKeys.all() });
    },
  });
  return (
    <Tooltip title="El cliente puede subir documentos">
      <Switch
        size="small"
        checkedChildren="Sube"
        unCheckedChildren="No sube"
        aria-label={`El cliente puede subir documentos a «${nombre}»`}
        checked={actual?.cliente_puede_subir ?? false}
        loading={opciones.isPending || cambiar.isPending}
        onChange={(v) => cambiar.mutate(v)}
        style={{ marginInline: 8 }}
      />
    </Tooltip>
  );
};
