import { useMemo, useState } from 'react';
import {
  App,
  Grid,
  Button,
  Card,
  Checkbox,
  Collapse,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Steps,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useNavigate } from 'react-router';
import { PLANTILLAS_SUGERIDAS, asistenteDeSugerida, type PlantillaAsistente, type TipoItem } from '@predio/contract/inventarios';
import { ApiError } from '../../lib/http.ts';
import { useAsistente } from './api/inventarios-api.ts';
import { OPCIONES_TIPO_INMUEBLE, enlacePlantilla } from './plantillas-page.tsx';
import './inventarios.css';

type EspacioAsistente = PlantillaAsistente['categorias'][number] & { incluir: boolean };

/** Every space of the suggested templates once, with its items: the wizard's catalogue. */
function catalogo(): EspacioAsistente[] {
  const vistos = new Map<string, EspacioAsistente>();
  for (const s of PLANTILLAS_SUGERIDAS)
    for (const c of asistenteDeSugerida(s).categorias) if (!vistos.has(c.nombre)) vistos.set(c.nombre, { ...c, incluir: false });
  return [...vistos.values()];
}

function desde(base: string): EspacioAsistente[] {
  const s = PLANTILLAS_SUGERIDAS.find((x) => x.nombre === base);
  const elegidos = s ? asistenteDeSugerida(s).categorias : [];
  const nombres = new Set(elegidos.map((c) => c.nombre));
  return [...elegidos.map((c) => ({ ...c, incluir: true })), ...catalogo().filter((c) => !nombres.has(c.nombre))];
}

/** Inventarios > plantillas-wizard (hidden, idm 10593): a template built step by step. */
export function PlantillasWizardPage() {
  const [paso, setPaso] = useState(0);
  const [datos, setDatos] = useState({ nombre: '', tipo_inmueble: '', base: 'Apartamento' });
  const [espacios, setEspacios] = useState<EspacioAsistente[]>(() => desde('Apartamento'));
  const [nuevoEspacio, setNuevoEspacio] = useState('');
  const crear = useAsistente();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const movil = Grid.useBreakpoint().md === false;
  const elegidos = useMemo(() => espacios.filter((e) => e.incluir), [espacios]);
  const cambiar = (i: number, c: Partial<EspacioAsistente>) =>
    setEspacios((xs) => xs.map((x, k) => (k === i ? { ...x, ...c } : x)));

  const pasos = [
    {
      title: 'Datos',
      contenido: (
        <Form layout="vertical" className="plantillas-asistente">
          <Form.Item label="Nombre de la plantilla" required htmlFor="asistente-nombre">
            <Input
              id="asistente-nombre"
              size="large"
              value={datos.nombre}
              maxLength={120}
              onChange={(e) => setDatos({ ...datos, nombre: e.target.value })}
            />
          </Form.Item>
          <Form.Item label="Tipo de inmueble" htmlFor="asistente-tipo">
            <Select
              id="asistente-tipo"
              allowClear
              size="large"
              value={datos.tipo_inmueble || undefined}
              options={OPCIONES_TIPO_INMUEBLE}
              onChange={(t?: string) => setDatos({ ...datos, tipo_inmueble: t ?? '' })}
            />
          </Form.Item>
          <Form.Item label="Empezar desde" htmlFor="asistente-base">
            <Select
              id="asistente-base"
              size="large"
              value={datos.base}
              options={[
                ...PLANTILLAS_SUGERIDAS.map((s) => ({ value: s.nombre, label: `Sugerida: ${s.nombre}` })),
                { value: '', label: 'En blanco' },
              ]}
              onChange={(b: string) => {
                setDatos({ ...datos, base: b });
                setEspacios(desde(b));
              }}
            />
          </Form.Item>
        </Form>
      ),
      listo: datos.nombre.trim().length > 0,
    },
    {
      title: 'Espacios',
      contenido: (
        <div className="plantillas-asistente">
          {espacios.map((e, i) => (
            <Card size="small" key={e.nombre} className="plantillas-asistente-espacio">
              <Space wrap>
                <Checkbox checked={e.incluir} onChange={(x) => cambiar(i, { incluir: x.target.checked })}>
                  {e.nombre}
                </Checkbox>
                {e.incluir && (
                  <>
                    <Space.Compact>
                      <Space.Addon>Cuántos</Space.Addon>
                      <InputNumber
                        min={1}
                        max={10}
                        value={e.cantidad}
                        aria-label={`Cuántos: ${e.nombre}`}
                        onChange={(n) => cambiar(i, { cantidad: n ?? 1 })}
                      />
                    </Space.Compact>
                    <Switch
                      checked={e.repetible}
                      onChange={(r) => cambiar(i, { repetible: r })}
                      aria-label={`${e.nombre} repetible`}
                    />
                    <Typography.Text type="secondary">repetible</Typography.Text>
                  </>
                )}
              </Space>
            </Card>
          ))}
          <Space.Compact style={{ width: '100%' }}>
            <Input
              placeholder="Otro espacio (Estudio, Terraza…)"
              value={nuevoEspacio}
              onChange={(e) => setNuevoEspacio(e.target.value)}
              maxLength={80}
            />
            <Button
              disabled={!nuevoEspacio.trim() || espacios.some((e) => e.nombre === nuevoEspacio.trim())}
              onClick={() => {
                setEspacios((xs) => [
                  ...xs,
                  {
                    nombre: nuevoEspacio.trim(),
                    incluir: true,
                    cantidad: 1,
                    repetible: false,
                    items: [
                      { nombre: 'Paredes', tipo: 'estado' },
                      { nombre: 'Pisos', tipo: 'estado' },
                    ],
                  },
                ]);
                setNuevoEspacio('');
              }}
            >
              Agregar
            </Button>
          </Space.Compact>
        </div>
      ),
      listo: elegidos.length > 0,
    },
    {
      title: 'Ítems',
      contenido: (
        <Collapse
          className="plantillas-asistente"
          items={espacios
            .map((e, i) => ({ e, i }))
            .filter(({ e }) => e.incluir)
            .map(({ e, i }) => ({
              key: e.nombre,
              label: `${e.nombre} (${e.items.length} ítems)`,
              children: <ItemsEspacio e={e} onCambiar={(items) => cambiar(i, { items })} />,
            }))}
        />
      ),
      listo: true,
    },
    {
      title: 'Revisar',
      contenido: (
        <div className="plantillas-asistente">
          <Typography.Paragraph>
            <strong>{datos.nombre}</strong>: {elegidos.reduce((n, e) => n + e.cantidad, 0)} espacios,{' '}
            {elegidos.reduce((n, e) => n + e.cantidad * e.items.length, 0)} ítems.
          </Typography.Paragraph>
          <ul>
            {elegidos.map((e) => (
              <li key={e.nombre}>
                {e.cantidad > 1 ? `${e.nombre} ×${e.cantidad}` : e.nombre}
                {e.repetible ? ' (repetible)' : ''}: {e.items.map((x) => x.nombre).join(', ') || 'sin ítems'}
              </li>
            ))}
          </ul>
        </div>
      ),
      listo: true,
    },
  ];

  const finalizar = async () => {
    try {
      const p = await crear.mutateAsync({
        nombre: datos.nombre.trim(),
        tipo_inmueble: datos.tipo_inmueble,
        descripcion: '',
        activa: true,
        categorias: elegidos.map(({ incluir: _i, ...c }) => c),
      });
      void message.success(`Plantilla «${p.nombre}» creada`);
      void navigate(enlacePlantilla(p.id));
    } catch (e) {
      if (e instanceof ApiError && e.campos.some((c) => c.campo === 'nombre')) setPaso(0);
    }
  };

  return (
    <Card title="Asistente de plantillas">
      {movil ? (
        <Typography.Title level={5}>
          Paso {paso + 1} de {pasos.length}: {pasos[paso]!.title}
        </Typography.Title>
      ) : (
        <Steps current={paso} items={pasos.map((p) => ({ title: p.title }))} size="small" style={{ marginBottom: 16 }} />
      )}
      {pasos[paso]!.contenido}
      <Space style={{ marginTop: 16 }}>
        <Button size="large" disabled={paso === 0} onClick={() => setPaso(paso - 1)}>
          Anterior
        </Button>
        {paso < pasos.length - 1 ? (
          <Button size="large" type="primary" disabled={!pasos[paso]!.listo} onClick={() => setPaso(paso + 1)}>
            Siguiente
          </Button>
        ) : (
          <Button size="large" type="primary" loading={crear.isPending} onClick={() => void finalizar()}>
            Crear plantilla
          </Button>
        )}
      </Space>
    </Card>
  );
}

function ItemsEspacio({ e, onCambiar }: { e: EspacioAsistente; onCambiar: (items: EspacioAsistente['items']) => void }) {
  const [nombre, setNombre] = useState('');
  const [tipo, setTipo] = useState<TipoItem>('estado');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <div>
        {e.items.map((x, k) => (
          <Tag
            key={`${x.nombre}-${k}`}
            closable
            onClose={() => onCambiar(e.items.filter((_y, j) => j !== k))}
            color={x.tipo === 'estado' ? undefined : 'purple'}
          >
            {x.nombre}
          </Tag>
        ))}
      </div>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          placeholder="Nuevo ítem"
          value={nombre}
          maxLength={120}
          onChange={(x) => setNombre(x.target.value)}
          aria-label={`Nuevo ítem de ${e.nombre}`}
        />
        <Select<TipoItem>
          value={tipo}
          onChange={setTipo}
          style={{ width: 150 }}
          options={[
            { value: 'estado', label: 'Estado' },
            { value: 'lectura', label: 'Lectura' },
            { value: 'llaves', label: 'Cantidad' },
          ]}
        />
        <Button
          disabled={!nombre.trim()}
          onClick={() => {
            onCambiar([...e.items, { nombre: nombre.trim(), tipo }]);
            setNombre('');
          }}
        >
          Agregar
        </Button>
      </Space.Compact>
    </Space>
  );
}
