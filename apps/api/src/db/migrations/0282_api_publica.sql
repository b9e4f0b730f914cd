-- Página web's public API per company (issue 32): a key that names the company instead of its id, and
-- the origins whose browsers may read the answers (CORS). The key is a random token kept as it is (not
-- hashed): it is an identifier the agency pastes into its site's pages, where any visitor can read it,
-- so the admin must be able to see it again; what protects the API is the origin list and the limits.
alter table empresa add column if not exists api_clave text;
alter table empresa add column if not exists cors_origenes text[] not null default '{}';
-- Unique across companies (the index is global even with RLS): a key names exactly one company.
create unique index if not exists empresa_api_clave_uk on empresa (api_clave);
