import { useRef, useState } from 'react';
import {
  Alert,
  App,
  Badge,
  Button,
  Card,
  Empty,
  Input,
  Pagination,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { CloudDownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  CATALOGO_DE_CLASE,
  CATALOGO_PORTAL,
  ETIQUETA_CLASE_CATALOGO,
  ETIQUETA_CLASE_EQUIVALENCIA,
  MAX_CSV_CATALOGO,
  type ClaseCatalogo,
  type ClaseEquivalencia,
  type FilaEquivalencia,
  type PortalSincronizado,
} from '@predio/contract/portales';
import { ETIQUETAS_TIPO } from '@predio/contract/inmuebles';
import { SectionTabs } from '../../components/section-tabs.tsx';
import { ErrorDeCarga } from '../../components/error-de-carga.tsx';
import { formatFechaHora } from '../../lib/format.ts';
import {
  useCargarCatalogo,
  useEntradasCatalogo,
  useEquivalencias,
  useGuardarEquivalencia,
  useResumenCatalogo,
  useSubirCatalogoCsv,
} from './api/catalogo.ts';

const PLURAL: Record<ClaseEquivalencia, string> = {
  tipo: 'Tipos de inmueble',
  municipio: 'Municipios',
  barrio: 'Barrios',
  caracteristica: 'Características',
};
/** How a load's counts are said, per catalogue class. */
const CUANTOS: Record<ClaseCatalogo, (n: number) => string> = {
  tipo: (n) => `${n} tipos`,
  ciudad: (n) => `${n} ciudades`,
  barrio: (n) => `${n} barrios`,
  caracteristica: (n) => `${n} características`,
};
const TAMANO = 20;
/** «a, b y c». */
const lista = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} y ${xs[xs.length - 1]}`);
const error = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * «Equivalencias con <portal>»: the portal's catalogue (loaded from the portal or a CSV) and, for each of
 * the company's tipos, municipios and barrios in use, the portal's entry it is sent as.
 */
export function EquivalenciasCard({ portal, nombre }: { portal: PortalSincronizado; nombre: string }) {
  const def = CATALOGO_PORTAL[portal];
  const resumen = useResumenCatalogo(portal);
  const cargar = useCargarCatalogo(portal);
  const subir = useSubirCatalogoCsv(portal);
  const { message } = App.useApp();
  const [clase, setClase] = useState<ClaseEquivalencia>(def?.clases[0] ?? 'municipio');
  const [claseCsv, setClaseCsv] = useState<ClaseCatalogo>(def ? CATALOGO_DE_CLASE[def.clases[0]!] : 'ciudad');
  const [fallo, setFallo] = useState<string | null>(null);
  const archivo = useRef<HTMLInputElement>(null);
  if (!def) return null;
  if (resumen.isError)
    return <ErrorDeCarga titulo={`No se pudo cargar el catálogo de ${nombre}`} onReintentar={() => void resumen.refetch()} />;
  const r = resumen.data;
  const clasesCatalogo = def.clases.map((c) => CATALOGO_DE_CLASE[c]);

  const informar = (x: Record<ClaseCatalogo, number> & { emparejados: number }) =>
    void message.success(
      `Catálogo cargado: ${lista(clasesCatalogo.map((c) => CUANTOS[c](x[c])))}; ${x.emparejados} equivalencias por nombre`,
    );
  const desdePortal = async () => {
    setFallo(null);
    try {
      informar(await cargar.mutateAsync());
    } catch (e) {
      setFallo(error(e));
    }
  };
  const leerArchivo = async (f: File | undefined) => {
    if (!f) return;
    setFallo(null);
    if (f.size > MAX_CSV_CATALOGO) return setFallo(`El archivo CSV admite máximo ${MAX_CSV_CATALOGO / 1_000_000} MB`);
    try {
      informar(await subir.mutateAsync({ clase: claseCsv, contenido: await f.text() }));
    } catch (e) {
      setFallo(error(e));
    } finally {
      if (archivo.current) archivo.current.value = '';
    }
  };

  return (
    <Card title={`Equivalencias con ${nombre}`} className="portales-card">
      <Typography.Paragraph type="secondary">
        {nombre} identifica {lista(def.clases.map((c) => PLURAL[c].toLowerCase()))} con sus propios códigos. Cargue su catálogo y
        elija, para cada uno que usan sus inmuebles, el de {nombre}. Un inmueble sin equivalencia no se envía: se dice cuál falta.
        {def.clases.includes('caracteristica')
          ? ` A una característica que ${nombre} no tiene, elija «No se envía a ${nombre}».`
          : null}
      </Typography.Paragraph>
      {!r ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="portales-catalogo-estado">
          {r.clases.map((c) => (
            <span key={c.clase}>
              <Typography.Text strong>{ETIQUETA_CLASE_CATALOGO[c.clase]}:</Typography.Text>{' '}
              {c.entradas > 0 ? (
                <>
                  {c.entradas}{' '}
                  <Typography.Text type="secondary">
                    ({c.origen === 'portal' ? `desde ${nombre}` : 'desde CSV'}
                    {c.cargado_en ? `, ${formatFechaHora(c.cargado_en)}` : ''})
                  </Typography.Text>
                </>
              ) : (
                <Typography.Text type="secondary">sin cargar</Typography.Text>
              )}
            </span>
          ))}
        </div>
      )}
      <Space wrap className="portales-catalogo-acciones">
        {def.desdePortal ? (
          <Button icon={<CloudDownloadOutlined />} loading={cargar.isPending} onClick={() => void desdePortal()}>
            Cargar desde {nombre}
          </Button>
        ) : null}
        <Space.Compact>
          <Select
            aria-label="Clase del CSV"
            value={claseCsv}
            onChange={setClaseCsv}
            options={clasesCatalogo.map((c) => ({ value: c, label: ETIQUETA_CLASE_CATALOGO[c] }))}
            style={{ width: 120 }}
          />
          <Button icon={<UploadOutlined />} loading={subir.isPending} onClick={() => archivo.current?.click()}>
            Subir CSV
          </Button>
        </Space.Compact>
        <input
          ref={archivo}
          type="file"
          accept=".csv,text/csv"
          aria-label="Archivo CSV del catálogo"
          hidden
          onChange={(e) => void leerArchivo(e.target.files?.[0])}
        />
      </Space>
      <Typography.Paragraph type="secondary" className="portales-catalogo-ayuda">
        {def.barriosPorBusqueda
          ? 'CSV: código, nombre, padre (el nombre de la ciudad de un barrio; vacío para una característica) y detalle, separados por coma o punto y coma. Reemplaza esa clase del catálogo.'
          : 'CSV: código, nombre, código del padre (el departamento de una ciudad, la ciudad de un barrio) y detalle, separados por coma o punto y coma. Reemplaza esa clase del catálogo.'}
      </Typography.Paragraph>
      {fallo ? <Alert type="error" showIcon message={fallo} closable onClose={() => setFallo(null)} /> : null}
      <SectionTabs
        selectLabel="Equivalencias de"
        activeKey={clase}
        onChange={(k) => setClase(k as ClaseEquivalencia)}
        items={def.clases.map((c) => ({
          key: c,
          label: (
            <span>
              {PLURAL[c]}{' '}
              {r && r.sin_mapear[c] > 0 ? (
                <Badge count={r.sin_mapear[c]} overflowCount={999} title={`${r.sin_mapear[c]} sin mapear`} />
              ) : null}
            </span>
          ),
          children: <ListaEquivalencias portal={portal} nombre={nombre} clase={c} sinMapear={r?.sin_mapear[c] ?? 0} />,
        }))}
      />
    </Card>
  );
}

function ListaEquivalencias({
  portal,
  nombre,
  clase,
  sinMapear,
}: {
  portal: PortalSincronizado;
  nombre: string;
  clase: ClaseEquivalencia;
  sinMapear: number;
}) {
  const [q, setQ] = useState('');
  const [soloSin, setSoloSin] = useState(false);
  const [page, setPage] = useState(1);
  const lista = useEquivalencias(portal, { clase, q, sin_mapear: soloSin, page, pageSize: TAMANO });
  if (lista.isError)
    return <ErrorDeCarga titulo="No se pudieron cargar las equivalencias" onReintentar={() => void lista.refetch()} />;
  return (
    <div className="portales-equivalencias">
      <Space wrap>
        <Input.Search
          aria-label={`Buscar ${PLURAL[clase].toLowerCase()}`}
          placeholder={`Buscar ${PLURAL[clase].toLowerCase()}`}
          allowClear
          onSearch={(v) => {
            setQ(v);
            setPage(1);
          }}
          style={{ maxWidth: 280 }}
        />
        <span className="portales-feed-switch">
          <Switch
            size="small"
            checked={soloSin}
            onChange={(v) => {
              setSoloSin(v);
              setPage(1);
            }}
            aria-label="Solo sin mapear"
          />
          Solo sin mapear
        </span>
        <Typography.Text type={sinMapear > 0 ? 'warning' : 'secondary'}>{sinMapear} sin mapear</Typography.Text>
      </Space>
      {!lista.data ? (
        <Skeleton active />
      ) : lista.data.items.length === 0 ? (
        <Empty
          description={soloSin ? 'Todo tiene equivalencia' : `Sus inmuebles no usan ${PLURAL[clase].toLowerCase()} todavía`}
        />
      ) : (
        <ul className="portales-equivalencias-lista" aria-label={`Equivalencias de ${PLURAL[clase].toLowerCase()}`}>
          {lista.data.items.map((f) => (
            <FilaEquivalenciaItem key={f.id_local} portal={portal} nombre={nombre} clase={clase} fila={f} />
          ))}
        </ul>
      )}
      {lista.data && lista.data.total > TAMANO ? (
        <Pagination
          size="small"
          current={page}
          pageSize={TAMANO}
          total={lista.data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      ) : null}
    </div>
  );
}

function FilaEquivalenciaItem({
  portal,
  nombre,
  clase,
  fila,
}: {
  portal: PortalSincronizado;
  nombre: string;
  clase: ClaseEquivalencia;
  fila: FilaEquivalencia;
}) {
  const [q, setQ] = useState('');
  const [abierto, setAbierto] = useState(false);
  // A barrio whose municipio is mapped is offered the barrios of that city only.
  const entradas = useEntradasCatalogo(portal, CATALOGO_DE_CLASE[clase], q, fila.padre ?? '', abierto);
  const guardar = useGuardarEquivalencia(portal);
  const { message } = App.useApp();
  const etiqueta = clase === 'tipo' ? (ETIQUETAS_TIPO[fila.nombre as keyof typeof ETIQUETAS_TIPO] ?? fila.nombre) : fila.nombre;
  const opciones = (entradas.data ?? []).map((e) => ({
    value: e.codigo,
    label: e.detalle ? `${e.nombre} — ${e.detalle}` : e.nombre,
  }));
  if (fila.codigo && !opciones.some((o) => o.value === fila.codigo))
    opciones.unshift({ value: fila.codigo, label: fila.nombre_portal ?? `${fila.codigo} (no está en el catálogo)` });
  const elegir = async (codigo: string | undefined) => {
    try {
      await guardar.mutateAsync({ clase, id_local: fila.id_local, codigo: codigo ?? null });
      void message.success(codigo ? `${etiqueta}: equivalencia guardada` : `${etiqueta}: equivalencia quitada`);
    } catch (e) {
      void message.error(error(e));
    }
  };
  return (
    <li className="portales-equivalencia">
      <div className="portales-equivalencia-local">
        <Typography.Text strong>{etiqueta}</Typography.Text>
        {fila.detalle ? <Typography.Text type="secondary"> {fila.detalle}</Typography.Text> : null}
        {!fila.codigo ? <Tag color="orange">Sin mapear</Tag> : null}
      </div>
      <Select
        className="portales-equivalencia-portal"
        aria-label={`${ETIQUETA_CLASE_EQUIVALENCIA[clase]} ${etiqueta} en ${nombre}`}
        showSearch
        allowClear
        filterOption={false}
        placeholder={`Elija en ${nombre}`}
        value={fila.codigo ?? undefined}
        options={opciones}
        loading={entradas.isFetching || guardar.isPending}
        onSearch={setQ}
        onDropdownVisibleChange={setAbierto}
        onChange={(v: string | undefined) => void elegir(v)}
        notFoundContent={entradas.isFetching ? 'Buscando…' : `Nada en el catálogo de ${nombre}`}
      />
    </li>
  );
}
