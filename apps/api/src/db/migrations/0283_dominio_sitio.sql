-- A company's own domain for its public site (issue 32): a request whose Host is this name is served the
-- pages of /sitio/:empresa at / and below. Kept lower-case without a final dot; one company per domain
-- (the index is global even with RLS).
alter table empresa add column if not exists dominio text;
create unique index if not exists empresa_dominio_uk on empresa (dominio);
