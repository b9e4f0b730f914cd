-- Gestión documental (issue 28): the tsvector of each document's text moves out of radicado_texto into a
-- table without row-level security, so the full-text search can use its GIN index. Under forced RLS
-- PostgreSQL evaluates a non-leakproof operator only after the tenant policy, and @@ (ts_match_vq) is not
-- leakproof: the search read every row of radicado_texto instead (1.06 s for a rare word at 200,000
-- documents, PostgreSQL; docs/benchmarks/gestion-documental.md). The rows hold only ids and lexemes; the
-- search filters them by `empresa` itself and joins them to radicado, which keeps its RLS, and the words'
-- text stays in radicado_texto under RLS. No `id_empresa` column, so migrate.ts adds no policy.
create table radicado_lexema (
  id_archivo integer primary key references radicado_texto (id_archivo) on delete cascade,
  empresa integer not null references empresa (id_empresa),
  id_radicado integer not null,
  documento tsvector not null
);
-- Out of line: the search probes a few thousand rows for visibility and reads the lexemes of few.
alter table radicado_lexema alter column documento set storage external;
insert into radicado_lexema (id_archivo, empresa, id_radicado, documento)
  select id_archivo, id_empresa, id_radicado, documento from radicado_texto;
create index radicado_lexema_documento_ix on radicado_lexema using gin (documento);
create index radicado_lexema_radicado_ix on radicado_lexema (id_radicado);
drop index if exists radicado_texto_documento_ix;
alter table radicado_texto drop column documento;
