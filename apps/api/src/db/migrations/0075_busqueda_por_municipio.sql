-- Inmuebles-disponibles searched in one municipio, newest first: the page walks that municipio's
-- disponibles in order and stops after 21 matches, instead of walking every disponible
-- (inmueble_disponible_ix) and discarding the other municipios' (the benchmark's search by municipio,
-- at 100,000 properties, read 1,044 index entries for its 21 matches; now 87), or reading the
-- municipio's whole range of inmueble_disponible_municipio_ix and sorting it. That one stays: the count
-- and the matching of leads read it by municipio, gestión and tipo. The search writes one municipio as
-- `=` (inmuebles.repo.ts enLista) so the walk keeps its order.
create index inmueble_disponible_municipio_orden_ix on inmueble (id_empresa, id_municipio, consecutivo desc)
  include (id, gestion, tipo, id_barrio, id_zona, id_sector, estrato, habitaciones, banos, parqueaderos,
           canon, precio_venta, area_construida, area_lote, id_asesor_comercial, id_asesor_captador)
  where estado = 'disponible';
