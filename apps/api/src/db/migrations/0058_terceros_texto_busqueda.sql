-- Terceros search (terceros list, the lead's and the request's tercero, a property's owners): the
-- text is stored once per row, as inmueble's is (0040), and matched with strpos.
-- Under forced row-level security PostgreSQL applies a non-leakproof operator such as like only after
-- the tenant policy, so the trigram index of 0010 never served these searches (0056 found the same on
-- inmueble), and every search computed predio_unaccent over ten columns of each tercero of the
-- company: 58–161 ms per request at 50,000 terceros on PostgreSQL, idle.
alter table terceros add column texto_busqueda text generated always as (lower(predio_unaccent(
  nro_id || ' ' || nombre || ' ' || razon_social || ' ' || telefonos || ' ' || telefono_res || ' ' ||
  telefono_of || ' ' || celular || ' ' || celular_corporativo || ' ' || email || ' ' || email_corporativo
))) stored;
drop index if exists terceros_busqueda_trgm;

-- The typeaheads (a property's owners, the lead's and the request's tercero) want the first matches
-- by name. This index holds the name order and everything they read, so they walk it in order, check
-- each entry's text without visiting the table, and stop at the page: at 50,000 terceros a common
-- word («rest») takes 2.8 ms of execution and a word nobody has 19 ms (a sequential scan: 30 ms).
-- It replaces terceros_nombre_ix, whose key it starts with.
create index terceros_busqueda_nombre_ix on terceros (id_empresa, lower(predio_unaccent(nombre)), nro_id)
  include (id, nombre, activo, celular, email, texto_busqueda);
drop index if exists terceros_nombre_ix;
