import type { ReactNode } from 'react';
import { Checkbox, Form, Input, Typography } from 'antd';
import { ETIQUETAS_CAMPO_FIRMA, type CampoFirma, type SolicitudFirma } from '@predio/contract/firmas';
import { PaginasConCampos, estiloCaja } from './paginas-con-campos.tsx';

type Llenable = (c: CampoFirma) => boolean;
const ir = (c: CampoFirma) => document.getElementById(`firmar-campo-${c.id}`)?.focus();

/** The signer's pages with their fields on them, showing what will be stamped; a tap goes to its input. */
export function PaginasFirmante({
  token,
  info,
  valores,
  vista,
  llenable,
}: {
  token: string;
  info: SolicitudFirma;
  valores: Record<number, string>;
  vista: (c: CampoFirma) => ReactNode;
  llenable: Llenable;
}) {
  return (
    <PaginasConCampos
      paginas={info.paginas}
      src={(n) => `/api/firmar/${token}/paginas/${n}`}
      encima={(n) =>
        info.campos
          .filter((c) => c.pagina === n)
          .map((c) => (
            <button
              type="button"
              key={c.id}
              className={`firmar-campo${c.obligatorio && llenable(c) && !(valores[c.id] ?? '').trim() ? ' firmar-campo-falta' : ''}`}
              style={estiloCaja(c)}
              onClick={() => ir(c)}
            >
              <span className="firmas-oculto">
                {ETIQUETAS_CAMPO_FIRMA[c.tipo]}, página {c.pagina}:{' '}
              </span>
              {vista(c) || (
                <span className="firmar-campo-rotulo" aria-hidden>
                  {ETIQUETAS_CAMPO_FIRMA[c.tipo]}
                </span>
              )}
            </button>
          ))
      }
    />
  );
}

/** «Sus campos»: a labelled input (or box) for each field the signer types or ticks. */
export function CamposFirmante({
  campos,
  valores,
  setValores,
  faltan,
  llenable,
}: {
  campos: CampoFirma[];
  valores: Record<number, string>;
  setValores: (f: (v: Record<number, string>) => Record<number, string>) => void;
  faltan: number;
  llenable: Llenable;
}) {
  return (
    <Form layout="vertical" className="firmar-campos">
      <Typography.Title level={2} className="firmar-subtitulo">
        Sus campos
      </Typography.Title>
      {campos.map((c, i) =>
        !llenable(c) ? null : c.tipo === 'casilla' ? (
          <Checkbox
            key={c.id}
            id={`firmar-campo-${c.id}`}
            checked={valores[c.id] === 'sí'}
            onChange={(e) => setValores((v) => ({ ...v, [c.id]: e.target.checked ? 'sí' : '' }))}
          >
            Campo {i + 1}: casilla de la página {c.pagina}
            {c.obligatorio ? ' (obligatoria)' : ''}
          </Checkbox>
        ) : (
          <Form.Item
            key={c.id}
            label={`Campo ${i + 1}: ${ETIQUETAS_CAMPO_FIRMA[c.tipo]} (página ${c.pagina})`}
            htmlFor={`firmar-campo-${c.id}`}
            required={c.obligatorio}
          >
            <Input
              id={`firmar-campo-${c.id}`}
              value={valores[c.id] ?? ''}
              maxLength={c.tipo === 'iniciales' ? 10 : 500}
              onChange={(e) => setValores((v) => ({ ...v, [c.id]: e.target.value }))}
              size="large"
            />
          </Form.Item>
        ),
      )}
      {faltan > 0 && (
        <Typography.Text type="secondary">
          Falta{faltan === 1 ? '' : 'n'} {faltan} campo{faltan === 1 ? '' : 's'} obligatorio{faltan === 1 ? '' : 's'}.
        </Typography.Text>
      )}
    </Form>
  );
}
