-- Features (características) in the per-portal catalogues (issue 34, docs/portales.md «Catálogos y
-- equivalencias»): the integrators' API (Ciencuadras, Fincaraíz) takes a listing's features as the ids
-- of its GET /category; the company maps its características master to them like its tipos and barrios.
alter table portal_catalogo drop constraint if exists portal_catalogo_clase_check;
alter table portal_catalogo add constraint portal_catalogo_clase_check
  check (clase in ('tipo', 'ciudad', 'barrio', 'caracteristica'));
alter table portal_equivalencia drop constraint if exists portal_equivalencia_clase_check;
alter table portal_equivalencia add constraint portal_equivalencia_clase_check
  check (clase in ('tipo', 'municipio', 'barrio', 'caracteristica'));
