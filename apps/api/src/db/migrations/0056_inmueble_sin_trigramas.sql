-- The trigram index of 0040 serves no query: the app reads inmueble under row-level security
-- (forced), and PostgreSQL evaluates a non-leakproof operator such as like only after the
-- tenant policy, so it never uses it as an index condition (checked with EXPLAIN as predio_app; as
-- the owner without RLS the same query does use it). The text search walks the disponibles with
-- strpos instead (0054, inmuebles.repo.ts). The index still cost every insert and every change to
-- the address or the description: inserting 100,000 properties took 9.0–9.4 s with it and
-- 7.9–8.4 s without (PostgreSQL, 3 runs each), and it weighed 16 MB at that size.
drop index if exists inmueble_texto_trgm;
