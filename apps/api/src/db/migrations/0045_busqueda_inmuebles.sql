-- Inmuebles-disponibles search (issue 4 §3, modules/inmuebles/inmuebles.repo.ts `listar`): partial
-- indexes over the disponibles, the search's default estado. The search asks for `estado = 'disponible'`
-- as a literal so these apply.
--
-- The page: walking the disponibles newest first and stopping after 20 matches. The capped total
-- (at most 1,001 matches counted): the filters are checked inside the index (INCLUDE), so an
-- index-only scan counts without reading the table. The leading columns narrow the walk for the
-- usual filters: gestión and tipo, or municipio.
create index inmueble_disponible_ix on inmueble (id_empresa, consecutivo desc)
  include (id, gestion, tipo, id_municipio, id_barrio, id_zona, id_sector, estrato, habitaciones, banos, parqueaderos,
           canon, precio_venta, area_construida, area_lote, id_asesor_comercial, id_asesor_captador)
  where estado = 'disponible';
create index inmueble_disponible_gestion_ix on inmueble (id_empresa, gestion, tipo)
  include (id, id_municipio, id_barrio, id_zona, id_sector, estrato, habitaciones, banos, parqueaderos,
           canon, precio_venta, area_construida, area_lote, id_asesor_comercial, id_asesor_captador)
  where estado = 'disponible';
create index inmueble_disponible_municipio_ix on inmueble (id_empresa, id_municipio, gestion, tipo)
  include (id, id_barrio, id_zona, id_sector, estrato, habitaciones, banos, parqueaderos,
           canon, precio_venta, area_construida, area_lote, id_asesor_comercial, id_asesor_captador)
  where estado = 'disponible';

-- Sorting by price (the canon for arriendo, the sale price for venta), cheapest first: the page is
-- read in order, ties newest first.
create index inmueble_disponible_canon_ix on inmueble (id_empresa, canon, consecutivo desc) where estado = 'disponible';
create index inmueble_disponible_precio_venta_ix on inmueble (id_empresa, precio_venta, consecutivo desc)
  where estado = 'disponible';
