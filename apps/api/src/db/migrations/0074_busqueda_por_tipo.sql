-- Inmuebles-disponibles searched by one tipo (apartamento, casa: the most common search), newest
-- first: the page walks this tipo's disponibles in order and stops after 21 matches, instead of walking
-- every disponible (inmueble_disponible_ix) and discarding the other tipos. The search writes a list of
-- one value as `=` (inmuebles.repo.ts enLista) so the walk keeps its order.
create index inmueble_disponible_tipo_ix on inmueble (id_empresa, tipo, consecutivo desc)
  include (id, gestion, id_municipio, id_barrio, id_zona, id_sector, estrato, habitaciones, banos, parqueaderos,
           canon, precio_venta, area_construida, area_lote, id_asesor_comercial, id_asesor_captador)
  where estado = 'disponible';
