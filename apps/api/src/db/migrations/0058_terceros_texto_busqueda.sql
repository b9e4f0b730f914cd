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
