-- Gestión documental (issue 28): a word of the search is looked for as a part of each radicado's number and
-- asunto (strpos over texto_busqueda, «trepo» finds «Restrepo»). Under forced row-level security no index
-- serves a substring (0056, 0058), so a word few radicados have walked all of them: 140–370 ms at 200,000
-- (docs/benchmarks/gestion-documental.md). This table holds each radicado's trigrams (pg_trgm's show_trgm of
-- texto_busqueda) with a GIN index, without `id_empresa` and so without a policy, as radicado_lexema (0284):
-- only ids and three-letter pieces, never the text. The search asks it for the radicados holding every
-- trigram of the word (a superset), checks those few by strpos under RLS, and matches the exact ids by the
-- primary key. A trigger keeps it with the radicado (number and asunto: the only columns of the text).
create table radicado_trigrama (
  id_radicado integer primary key references radicado (id) on delete cascade,
  empresa integer not null references empresa (id_empresa),
  trigramas text[] not null
);

-- show_trgm named with its extension's schema, as predio_unaccent does (search_path may not hold it).
do $do$
declare s text := (select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm');
begin
  execute format($f$
    create or replace function radicado_trigrama_sync() returns trigger language plpgsql as $b$
    begin
      insert into radicado_trigrama (id_radicado, empresa, trigramas)
        values (new.id, new.id_empresa, %I.show_trgm(new.texto_busqueda))
        on conflict (id_radicado) do update set empresa = excluded.empresa, trigramas = excluded.trigramas;
      return null;
    end $b$
  $f$, s);
  execute format(
    'insert into radicado_trigrama (id_radicado, empresa, trigramas) select id, id_empresa, %I.show_trgm(texto_busqueda) from radicado',
    s);
end $do$;

create trigger radicado_trigrama_tg after insert or update of asunto, radicado on radicado
  for each row execute function radicado_trigrama_sync();
create index radicado_trigrama_ix on radicado_trigrama using gin (trigramas);
