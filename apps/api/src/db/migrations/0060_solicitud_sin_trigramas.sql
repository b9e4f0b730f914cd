-- The trigram index of 0052 serves no query: the request list matches its words with strpos over
-- texto_busqueda (platform/busqueda.ts), an expression a trigram index cannot answer, and like would not
-- have used it either under row-level security (0056). It still cost every request written: inserting
-- 50,000 request-like texts took 2.6–3.0 s with it and 0.15 s without (PostgreSQL, 3 runs each), and it
-- weighed 18 MB at that size.
drop index if exists solicitud_texto_trgm;
