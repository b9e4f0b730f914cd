import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, App, Button, Card, Empty, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  ETIQUETAS_CAMPO_FIRMA,
  MAX_CAMPOS_FIRMA,
  TIPOS_CAMPO_FIRMA,
  type CampoFirmaForm,
  type DocumentoFirma,
  type TipoCampoFirma,
} from '@predio/contract/firmas';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { ApiError } from '../../lib/http.ts';
import { useDocumentoFirma, useGuardarCampos } from './api/firmas-api.ts';
import { PaginasConCampos, TAMANO_CAMPO, acotar, colorFirmante, estiloCaja } from './paginas-con-campos.tsx';

type Campo = Required<Omit<CampoFirmaForm, 'obligatorio'>> & { obligatorio: boolean; clave: number };
const TIPO_ARRASTRE = 'application/x-predio-campo';
const DETALLE = '/firmas-electronicas/detalle-documento';

/**
 * Ubicar campos (idm 10582): the draft's pages, on which the sender drags each signer's fields from the
 * palette and moves them. Keyboard: a palette button adds the field to the first page, the arrow keys
 * move the selected one (Shift: faster) and the numeric inputs set it exactly.
 */
export function UbicarCampos({ id }: { id: number }) {
  const doc = useDocumentoFirma(id);
  if (doc.isPending) return <PageLoading />;
  if (doc.isError)
    return <ErrorDeCarga titulo="No se pudo cargar el documento" error={doc.error} onReintentar={() => void doc.refetch()} />;
  if (doc.data.estado !== 'borrador')
    return (
      <Empty description="Este documento ya se envió: sus campos no se pueden cambiar.">
        <Link to={`${DETALLE}/${id}`}>Ver el documento</Link>
      </Empty>
    );
  return <Editor d={doc.data} />;
}

function Editor({ d }: { d: DocumentoFirma }) {
  // Keys for the fields on screen: the saved ones get 1…n, the new ones count on from there.
  const claves = useRef(d.campos.length);
  const [campos, setCampos] = useState<Campo[]>(() => d.campos.map((c, i) => ({ ...c, clave: i + 1 })));
  const [firmante, setFirmante] = useState(1);
  const [elegido, setElegido] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const guardar = useGuardarCampos(d.id);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const arrastre = useRef<{ clave: number; modo: 'mover' | 'tamano'; px: number; py: number; caja: Campo; hoja: DOMRect } | null>(
    null,
  );
  const nombre = (orden: number) => d.detalle.find((f) => f.orden === orden)?.nombre ?? `Firmante ${orden}`;
  const actual = campos.find((c) => c.clave === elegido) ?? null;

  const cambiar = (clave: number, p: Partial<Campo>) =>
    setCampos((cs) =>
      cs.map((c) => {
        if (c.clave !== clave) return c;
        const n = { ...c, ...p };
        n.ancho = acotar(n.ancho, 0.01, 1);
        n.alto = acotar(n.alto, 0.01, 1);
        n.x = acotar(n.x, 0, 1 - n.ancho);
        n.y = acotar(n.y, 0, 1 - n.alto);
        n.pagina = acotar(Math.round(n.pagina), 1, d.paginas.length);
        return n;
      }),
    );
  const agregar = (tipo: TipoCampoFirma, pagina: number, cx?: number, cy?: number) => {
    if (campos.length >= MAX_CAMPOS_FIRMA) return setError(`Campos: máximo ${MAX_CAMPOS_FIRMA} por documento.`);
    const t = TAMANO_CAMPO[tipo];
    const clave = ++claves.current;
    const x = acotar((cx ?? 0.5) - t.ancho / 2, 0, 1 - t.ancho);
    const y = acotar((cy ?? 0.1 + (campos.length % 10) * 0.06) - t.alto / 2, 0, 1 - t.alto);
    setCampos((cs) => [...cs, { clave, firmante, tipo, pagina, x, y, ...t, obligatorio: tipo !== 'casilla' }]);
    setElegido(clave);
  };
  const quitar = (clave: number) => {
    setCampos((cs) => cs.filter((c) => c.clave !== clave));
    setElegido(null);
  };

  const alSoltar = (pagina: number) => (e: React.DragEvent<HTMLDivElement>) => {
    const tipo = e.dataTransfer.getData(TIPO_ARRASTRE) as TipoCampoFirma;
    if (!TIPOS_CAMPO_FIRMA.includes(tipo)) return;
    e.preventDefault();
    const r = e.currentTarget.getBoundingClientRect();
    agregar(tipo, pagina, (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height);
  };
  const empezar = (c: Campo, modo: 'mover' | 'tamano') => (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    const hoja = (e.currentTarget.closest('.firmas-hoja') as HTMLElement).getBoundingClientRect();
    arrastre.current = { clave: c.clave, modo, px: e.clientX, py: e.clientY, caja: c, hoja };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    setElegido(c.clave);
  };
  const mover = (e: PointerEvent<HTMLElement>) => {
    const a = arrastre.current;
    if (!a) return;
    const dx = (e.clientX - a.px) / a.hoja.width;
    const dy = (e.clientY - a.py) / a.hoja.height;
    if (a.modo === 'mover') cambiar(a.clave, { x: a.caja.x + dx, y: a.caja.y + dy });
    else cambiar(a.clave, { ancho: a.caja.ancho + dx, alto: a.caja.alto + dy });
  };
  const soltar = () => {
    arrastre.current = null;
  };
  const teclas = (c: Campo) => (e: KeyboardEvent<HTMLElement>) => {
    const paso = e.shiftKey ? 0.05 : 0.01;
    const d = { ArrowLeft: [-paso, 0], ArrowRight: [paso, 0], ArrowUp: [0, -paso], ArrowDown: [0, paso] }[e.key];
    if (d) {
      e.preventDefault();
      cambiar(c.clave, { x: c.x + d[0]!, y: c.y + d[1]! });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      quitar(c.clave);
    }
  };

  const enviar = async (yEnviar: boolean) => {
    setError(null);
    try {
      await guardar.mutateAsync({
        campos: campos.map(({ clave: _c, ...c }) => c),
        enviar: yEnviar,
      });
      if (yEnviar) {
        message.success(`Enviado a ${d.firmantes} firmante${d.firmantes === 1 ? '' : 's'}`);
        void navigate(`${DETALLE}/${d.id}`);
      } else message.success('Campos guardados');
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
      else throw e;
    }
  };

  return (
    <Space orientation="vertical" size="middle" className="firmas-pagina">
      <Card
        size="small"
        title={<span className="firmas-titulo">Ubicar campos · {d.titulo}</span>}
        extra={
          <Link to={`${DETALLE}/${d.id}`}>
            <ArrowLeftOutlined /> Detalle
          </Link>
        }
      >
        <Typography.Paragraph type="secondary">
          Elija el firmante y arrastre cada campo a su lugar en el documento (o púlselo para agregarlo en la página 1 y muévalo
          con las flechas del teclado). Sin campos, las firmas van solo en el certificado de finalización.
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} className="firmas-alerta" />}
        <div className="firmas-ubicar-barra">
          <div>
            <Typography.Text strong id="firmas-firmante-campos">
              Firmante
            </Typography.Text>
            <Radio.Group
              aria-labelledby="firmas-firmante-campos"
              value={firmante}
              onChange={(e) => setFirmante(Number(e.target.value))}
              className="firmas-firmantes-campos"
            >
              {d.detalle.map((f) => (
                <Radio key={f.orden} value={f.orden}>
                  <span className="firmas-muestra" style={{ background: colorFirmante(f.orden) }} aria-hidden />
                  {f.orden}. {f.nombre}
                </Radio>
              ))}
            </Radio.Group>
          </div>
          <div>
            <Typography.Text strong>Campos para {nombre(firmante)}</Typography.Text>
            <div className="firmas-paleta">
              {TIPOS_CAMPO_FIRMA.map((t) => (
                <Button
                  key={t}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(TIPO_ARRASTRE, t);
                    e.dataTransfer.effectAllowed = 'copy';
                  }}
                  onClick={() => agregar(t, 1)}
                  aria-label={`Agregar ${ETIQUETAS_CAMPO_FIRMA[t]}`}
                  style={{ borderColor: colorFirmante(firmante) }}
                >
                  {ETIQUETAS_CAMPO_FIRMA[t]}
                </Button>
              ))}
            </div>
          </div>
        </div>
      </Card>
      <div className="firmas-ubicar">
        <PaginasConCampos
          paginas={d.paginas}
          src={(n) => `/api/firmas/documentos/${d.id}/paginas/${n}`}
          propsPagina={(n) => ({
            onDragOver: (e) => {
              if (e.dataTransfer.types.includes(TIPO_ARRASTRE)) e.preventDefault();
            },
            onDrop: alSoltar(n),
          })}
          encima={(n) =>
            campos
              .filter((c) => c.pagina === n)
              .map((c) => (
                <div
                  key={c.clave}
                  role="button"
                  tabIndex={0}
                  aria-pressed={c.clave === elegido}
                  className={`firmas-campo${c.clave === elegido ? ' firmas-campo-elegido' : ''}`}
                  style={{ ...estiloCaja(c), borderColor: colorFirmante(c.firmante), color: colorFirmante(c.firmante) }}
                  onPointerDown={empezar(c, 'mover')}
                  onPointerMove={mover}
                  onPointerUp={soltar}
                  onPointerCancel={soltar}
                  onFocus={() => setElegido(c.clave)}
                  onKeyDown={teclas(c)}
                >
                  <span className="firmas-campo-texto">
                    {ETIQUETAS_CAMPO_FIRMA[c.tipo]} · {c.firmante}
                    <span className="firmas-oculto">
                      {' '}
                      de {nombre(c.firmante)}, página {c.pagina}
                    </span>
                  </span>
                  <span
                    className="firmas-campo-tamano"
                    aria-hidden
                    onPointerDown={empezar(c, 'tamano')}
                    onPointerMove={mover}
                    onPointerUp={soltar}
                  />
                </div>
              ))
          }
        />
        <Card size="small" title="Campo elegido" className="firmas-ubicar-panel">
          {actual ? (
            <Space orientation="vertical" className="firmas-pagina">
              <Typography.Text strong>
                {ETIQUETAS_CAMPO_FIRMA[actual.tipo]} de {nombre(actual.firmante)}
              </Typography.Text>
              <label className="firmas-control">
                <span>Firmante</span>
                <Select
                  aria-label="Firmante del campo"
                  value={actual.firmante}
                  onChange={(v) => cambiar(actual.clave, { firmante: v })}
                  options={d.detalle.map((f) => ({ value: f.orden, label: `${f.orden}. ${f.nombre}` }))}
                />
              </label>
              <div className="firmas-numeros">
                {(
                  [
                    ['pagina', 'Página', 1, d.paginas.length, 1],
                    ['x', 'Horizontal (%)', 0, 100, 100],
                    ['y', 'Vertical (%)', 0, 100, 100],
                    ['ancho', 'Ancho (%)', 1, 100, 100],
                    ['alto', 'Alto (%)', 1, 100, 100],
                  ] as const
                ).map(([k, etiqueta, min, max, escala]) => (
                  <label key={k} className="firmas-control">
                    <span>{etiqueta}</span>
                    <InputNumber
                      aria-label={etiqueta}
                      min={min}
                      max={max}
                      step={1}
                      precision={k === 'pagina' ? 0 : undefined}
                      value={Math.round(actual[k] * escala * 10) / 10}
                      onChange={(v) => v !== null && cambiar(actual.clave, { [k]: Number(v) / escala })}
                    />
                  </label>
                ))}
              </div>
              <Space>
                <Switch
                  checked={actual.obligatorio}
                  onChange={(v) => cambiar(actual.clave, { obligatorio: v })}
                  aria-label="Obligatorio"
                />
                <span>Obligatorio</span>
              </Space>
              <Button danger icon={<DeleteOutlined />} onClick={() => quitar(actual.clave)}>
                Quitar campo
              </Button>
            </Space>
          ) : (
            <Typography.Text type="secondary">
              {campos.length === 0 ? 'Aún no hay campos.' : 'Elija un campo en el documento para ajustarlo.'}
            </Typography.Text>
          )}
          <Typography.Paragraph type="secondary" className="firmas-resumen-campos">
            {campos.length} campo{campos.length === 1 ? '' : 's'}:{' '}
            {d.detalle.map((f) => `${f.nombre} ${campos.filter((c) => c.firmante === f.orden).length}`).join(' · ')}
          </Typography.Paragraph>
        </Card>
      </div>
      <Space wrap className="firmas-acciones">
        <Button icon={<SaveOutlined />} onClick={() => void enviar(false)} loading={guardar.isPending}>
          Guardar campos
        </Button>
        <Button type="primary" icon={<SendOutlined />} onClick={() => void enviar(true)} loading={guardar.isPending}>
          Enviar a firmar
        </Button>
      </Space>
    </Space>
  );
}
