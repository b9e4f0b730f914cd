// Properties for the benchmarks, in bulk SQL (generate_series): `n` properties in company `e`, of twelve
// tipos, three gestiones and eight estados (half disponible), over the company's first municipios,
// barrios, zonas, sectores and users, with prices, areas and a description. The company's consecutivo
// is left at `n`.
const TIPOS = `array['apartamento','casa','apartaestudio','local','oficina','bodega','lote','finca','consultorio','edificio','habitación','parqueadero']`;
const TEXTOS = `array['Apartamento iluminado con balcón y vista','Casa esquinera con patio y garaje','Local sobre avenida principal',
  'Oficina con vista a la ciudad','Bodega con muelle de carga','Conjunto con piscina, gimnasio y zonas verdes',
  'Cerca al centro comercial y al transporte público','Remodelado, cocina integral abierta']`;
const lista = (tabla, e, n) =>
  `(select array_agg(id) from (select id from ${tabla} where id_empresa = ${e} order by id limit ${n}) x)`;

export const seedSql = (e, n) => `
delete from inmueble where id_empresa = ${e};
insert into inmueble (id_empresa, consecutivo, tipo, gestion, estado, direccion, id_municipio, id_barrio, id_zona, id_sector,
  estrato, area_construida, habitaciones, banos, parqueaderos, canon, precio_venta, administracion, descripcion,
  id_asesor_comercial, creado_por)
select ${e}, g, tipo, gestion, estado,
  'Calle ' || (g % 180) || ' # ' || (g % 97) || '-' || (g % 60) || case when tipo = 'apartamento' then ' Apto ' || (100 + g % 900) else '' end,
  m[1 + g % cardinality(m)], case when g % 3 = 0 then null else b[1 + g % cardinality(b)] end,
  z[1 + g % cardinality(z)], s[1 + (g / 5) % cardinality(s)],
  1 + (g / 11) % 6, 25 + (g * 37) % 400, (g / 13) % 6, 1 + (g / 17) % 4, (g / 19) % 3,
  case when gestion <> 'venta' then 500000 + ((g::bigint * 7919) % 80) * 100000 end,
  case when gestion <> 'arriendo' then 80000000 + ((g::bigint * 104729) % 200) * 5000000 end,
  case when g % 4 = 0 then 150000 + (g % 10) * 50000 end,
  (${TEXTOS})[1 + (g / 23) % 8] || '.',
  u[1 + g % cardinality(u)], 'bench'
from (
  select g, (${TIPOS})[1 + g % 12] as tipo, (array['arriendo','venta','arriendo_venta'])[1 + (g / 7) % 3] as gestion,
    (array['disponible','disponible','disponible','disponible','captado','reservado','arrendado','vendido'])[1 + (g / 3) % 8] as estado,
    ${lista('municipios', e, 12)} as m, ${lista('barrios', e, 60)} as b, ${lista('zonas', e, 10)} as z,
    ${lista('sectores', e, 10)} as s, ${lista('usuarios', e, 10)} as u
  from generate_series(1, ${n}) g
) x;
insert into consecutivo (id_empresa, serie, ultimo) values (${e}, 'inmueble', ${n})
  on conflict (id_empresa, serie, anio) do update set ultimo = ${n};
`;
