import { DOCUMENTO_ACEPTA, DOCUMENTO_MAX_BYTES } from '@predio/contract/inmuebles-archivos';
import { Archivos } from '../../../components/archivos/archivos.tsx';
import { problemaDocumento } from '../../../components/archivos/cola-subida.ts';
import './archivos.css';

type Props = { consecutivo: number; soloLectura?: boolean };

const TEXTOS = {
  singular: 'documento',
  plural: 'documentos',
  vacio: 'Aún no hay documentos: adjunte escrituras, certificados, planos…',
  vacioSoloLectura: 'Este inmueble no tiene documentos.',
  ayuda: `PDF, imágenes, Word o Excel de hasta ${DOCUMENTO_MAX_BYTES / (1024 * 1024)} MB cada uno.`,
};

/** Documents attached to a property: the generic files component on its «documento» category. */
export function InmuebleDocumentos({ consecutivo, soloLectura = false }: Props) {
  return (
    <div className="inmueble-documentos">
      <Archivos
        tipo="inmueble"
        dueno={String(consecutivo)}
        categoria="documento"
        textos={TEXTOS}
        acepta={DOCUMENTO_ACEPTA}
        validar={problemaDocumento}
        conDescripcion
        soloLectura={soloLectura}
      />
    </div>
  );
}
