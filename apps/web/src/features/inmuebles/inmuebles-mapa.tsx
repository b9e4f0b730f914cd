import { Result } from 'antd';
import type { InmuebleResumen } from '@predio/contract/inmuebles';

/** The search's results on a map. */
export function InmueblesMapa({ items }: { items: InmuebleResumen[] }) {
  return (
    <Result
      status="info"
      title="Vista de mapa en construcción"
      subTitle={`Los ${items.length} inmuebles de esta página se verán aquí sobre el mapa. Mientras tanto use la lista o las tarjetas.`}
    />
  );
}
