import { ColorPicker, DatePicker, Form, Input, InputNumber, Select, Space, Switch, type FormRule } from 'antd';
import type { FieldDef } from '@predio/contract/maestros/resource';
import type { OpcionesFuente } from './opciones-fuente.ts';
import { ReferenceSelect } from './reference-select.tsx';

const FORMATO_FECHA = 'DD/MM/YYYY';
const miles = (s: string) => s.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** COP without decimals: $ 1.234.568 while typing, a plain number in the form's value. */
export function MoneyInput(props: { id?: string; value?: number | null; onChange?: (v: number | null) => void }) {
  return (
    <InputNumber<number>
      {...props}
      style={{ width: '100%' }}
      formatter={(v) => (v === undefined || v === null || String(v) === '' ? '' : `$ ${miles(String(v))}`)}
      // The digits as text: rc-input-number reads an empty one as null (a cleared field), not 0.
      parser={(s) => (s ?? '').replace(/[^\d-]/g, '') as unknown as number}
    />
  );
}

const HEX6 = /^#[0-9a-f]{6}$/i;

/** The picker for the eye and a text box for a typed or pasted #rrggbb (and for screen readers). */
function ColorInput({
  id,
  value,
  onChange,
  allowClear,
}: {
  id?: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  allowClear: boolean;
}) {
  const opaco = value && HEX6.test(value) ? value : null;
  return (
    <Space.Compact style={{ width: '100%' }}>
      {/* antd reads an empty picker as transparent, and a typed #rgba as translucent, and warns that
          disabledAlpha makes them opaque (antd#43355). So the picker gets only a whole #rrggbb and hides
          alpha only then; picking from empty gives an opaque colour anyway, cut to 6 digits to be sure. */}
      <ColorPicker
        value={opaco}
        disabledAlpha={opaco !== null}
        format="hex"
        allowClear={allowClear}
        onChange={(c) => onChange?.(c.cleared ? null : `#${c.toHex().slice(0, 6)}`)}
        onClear={() => onChange?.(null)}
      />
      <Input
        id={id}
        value={value ?? ''}
        placeholder="#rrggbb"
        maxLength={7}
        allowClear={allowClear}
        onChange={(e) => onChange?.(e.target.value === '' ? null : e.target.value)}
      />
    </Space.Compact>
  );
}

function control(field: FieldDef, fuente: OpcionesFuente, etiqueta: string | null | undefined) {
  switch (field.type) {
    case 'text':
      if (field.multiline) return <Input.TextArea maxLength={field.maxLength} showCount autoSize={{ minRows: 3, maxRows: 8 }} />;
      return (
        <Input
          maxLength={field.maxLength}
          type={field.format === 'email' ? 'email' : field.format === 'telefono' ? 'tel' : 'text'}
          placeholder={field.pattern ? `Ej.: ${field.pattern.ejemplo}` : undefined}
        />
      );
    case 'number':
      // No min/max/precision on the input: it would silently clamp or round; the schema says what is wrong instead.
      return <InputNumber style={{ width: '100%' }} decimalSeparator="," />;
    case 'money':
      return <MoneyInput />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} format={FORMATO_FECHA} placeholder="DD/MM/AAAA" />;
    case 'enum':
      return <Select allowClear={!field.required} options={field.options.map((o) => ({ value: o.value, label: o.label }))} />;
    case 'boolean':
      return <Switch checkedChildren="Sí" unCheckedChildren="No" />;
    case 'color':
      return <ColorInput allowClear={!field.required} />;
    case 'reference':
      return <ReferenceSelect field={field} fuente={fuente} etiqueta={etiqueta} allowClear={!field.required} />;
  }
}

/** One field of a resource form, its input chosen by the value type. */
export function FieldItem({
  field,
  fuente,
  rule,
  etiqueta,
}: {
  field: FieldDef;
  fuente: OpcionesFuente;
  rule: FormRule;
  etiqueta?: string | null;
}) {
  return (
    <Form.Item
      name={field.key}
      label={field.label}
      required={field.required === true}
      rules={[rule]}
      extra={field.help}
      valuePropName={field.type === 'boolean' ? 'checked' : 'value'}
      validateDebounce={field.type === 'text' ? 300 : undefined}
    >
      {control(field, fuente, etiqueta)}
    </Form.Item>
  );
}
