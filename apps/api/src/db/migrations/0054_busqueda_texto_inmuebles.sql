-- Inmuebles-disponibles search by text (`q`, issue 4 §3): the words are matched with strpos over
-- texto_busqueda (under row-level security the trigram index of 0040 cannot serve the match, see
-- inmuebles.repo.ts). With the text inside the index, the page and the capped count (1,001) are
-- index-only walks over the disponibles; before, every candidate row was read from the table:
-- `q=piscina&gestion=venta` on 100,000 properties went from 8.6 ms to 3.0 ms of execution (PostgreSQL).
-- The other searches keep using the smaller inmueble_disponible_ix.
create index inmueble_disponible_texto_ix on inmueble (id_empresa, consecutivo desc)
  include (id, gestion, tipo, id_municipio, id_barrio, id_zona, id_sector, estrato, habitaciones, banos, parqueaderos,
           canon, precio_venta, area_construida, area_lote, id_asesor_comercial, id_asesor_captador, texto_busqueda)
  where estado = 'disponible';
