import { Checkbox, DatePicker, Form, InputNumber, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DIAS_SEMANA,
  MAX_INTERVALO,
  MAX_REPETICIONES,
  describirRepeticion,
  diaSemanaBogota,
  expandirRepeticion,
  reglasRepeticion,
  type FrecuenciaRepeticion,
  type Repeticion,
} from '@predio/contract/agenda-repeticion';
import { formatFecha } from '../../lib/format.ts';

/** The «Repetir» section as the form holds it; `aRepeticion` turns it into the API's rule. */
export type RepetirValores = {
  frecuencia: 'no' | FrecuenciaRepeticion;
  intervalo: number | null;
  dias: number[];
  termina: 'fecha' | 'veces';
  hasta: Dayjs | null;
  veces: number | null;
};

export const repetirInicial = (r: Repeticion | null | undefined): RepetirValores =>
  r
    ? {
        frecuencia: r.frecuencia,
        intervalo: r.intervalo,
        dias: r.dias,
        termina: r.hasta !== null ? 'fecha' : 'veces',
        hasta: r.hasta !== null ? dayjs(r.hasta) : null,
        veces: r.veces,
      }
    : { frecuencia: 'no', intervalo: 1, dias: [], termina: 'veces', hasta: null, veces: 10 };

export function aRepeticion(v: RepetirValores | undefined): Repeticion | null {
  if (!v || v.frecuencia === 'no') return null;
  return {
    frecuencia: v.frecuencia,
    intervalo: v.intervalo ?? 1,
    dias: v.frecuencia === 'semanal' ? [...(v.dias ?? [])].sort((a, b) => a - b) : [],
    hasta: v.termina === 'fecha' ? (v.hasta?.format('YYYY-MM-DD') ?? null) : null,
    veces: v.termina === 'veces' ? (v.veces ?? null) : null,
  };
}

const UNIDAD: Record<FrecuenciaRepeticion, [string, string]> = {
  diaria: ['día', 'días'],
  semanal: ['semana', 'semanas'],
  mensual: ['mes', 'meses'],
};
const CORTOS = ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'];

/** «Repetir»: no se repite, cada día, cada semana on some days (weeks start on Monday), cada mes; how it ends. */
export function RepetirCampos({ inicio }: { inicio: Date | null }) {
  const form = Form.useFormInstance();
  const v = Form.useWatch('repetir', form) as RepetirValores | undefined;
  const r = aRepeticion(v);
  const problemas = r && inicio ? reglasRepeticion(inicio, r) : [];
  const citas = r && inicio && !problemas.length ? expandirRepeticion(inicio, r) : [];
  const resumen = problemas.length
    ? problemas[0]!.message
    : r && inicio && citas.length
      ? `${describirRepeticion(r, inicio)}: ${citas.length} ${citas.length === 1 ? 'cita' : 'citas'}, la última el ${formatFecha(citas.at(-1)!)}.`
      : '';
  const unidad = r ? UNIDAD[r.frecuencia][(v?.intervalo ?? 1) === 1 ? 0 : 1] : '';

  return (
    <div className="cita-repetir">
      <Form.Item name={['repetir', 'frecuencia']} label="Repetir">
        <Select
          options={[
            { value: 'no', label: 'No se repite' },
            { value: 'diaria', label: 'Cada día' },
            { value: 'semanal', label: 'Cada semana' },
            { value: 'mensual', label: 'Cada mes' },
          ]}
          onChange={(f: RepetirValores['frecuencia']) => {
            // A weekly series starts on the cita's own weekday until the person picks others.
            if (f === 'semanal' && !v?.dias?.length && inicio) form.setFieldValue(['repetir', 'dias'], [diaSemanaBogota(inicio)]);
          }}
        />
      </Form.Item>
      {r && (
        <>
          <Form.Item name={['repetir', 'intervalo']} label="Cada">
            <InputNumber min={1} max={MAX_INTERVALO} suffix={unidad} style={{ width: 160 }} />
          </Form.Item>
          {r.frecuencia === 'semanal' && (
            <Form.Item name={['repetir', 'dias']} label="Días">
              <Checkbox.Group
                options={CORTOS.map((c, i) => ({ value: i + 1, label: <span title={DIAS_SEMANA[i]}>{c}</span> }))}
              />
            </Form.Item>
          )}
          <Form.Item name={['repetir', 'termina']} label="Termina">
            <Radio.Group
              options={[
                { value: 'veces', label: 'Después de N veces' },
                { value: 'fecha', label: 'En una fecha' },
              ]}
              onChange={(e) => {
                if (e.target.value === 'fecha' && !v?.hasta && inicio)
                  form.setFieldValue(['repetir', 'hasta'], dayjs(inicio).add(3, 'month'));
              }}
            />
          </Form.Item>
          {v?.termina === 'fecha' ? (
            <Form.Item name={['repetir', 'hasta']} label="Termina el">
              <DatePicker format="DD/MM/YYYY" style={{ width: 200 }} />
            </Form.Item>
          ) : (
            <Form.Item name={['repetir', 'veces']} label="Número de veces">
              <InputNumber min={1} max={MAX_REPETICIONES} suffix="veces" style={{ width: 160 }} />
            </Form.Item>
          )}
          {resumen && (
            <Typography.Paragraph type={problemas.length ? 'danger' : 'secondary'} role="status" className="cita-repetir-resumen">
              {resumen}
            </Typography.Paragraph>
          )}
        </>
      )}
    </div>
  );
}
