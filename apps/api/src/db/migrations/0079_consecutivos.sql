-- One numbering counter for every module (platform/numeracion, docs/platform.md), replacing the three
-- per-module tables. A row per company, series and year (anio 0: a series that never restarts), taken
-- with insert ... on conflict do update ... returning inside the transaction that uses the number:
-- concurrent takers serialise on the row, a rolled-back number is taken again (no gaps) and a committed
-- one never is, even after its record is deleted (no repeats).
create table consecutivo (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  serie text not null check (serie ~ '^[a-z][a-z0-9_.-]{0,59}$'),
  anio integer not null default 0 check (anio between 0 and 9999),
  ultimo integer not null check (ultimo > 0),
  primary key (id_empresa, serie, anio)
);

-- Each existing series continues from the higher of its counter and its records' maximum.
insert into consecutivo (id_empresa, serie, anio, ultimo)
select id_empresa, serie, 0, max(ultimo)
from (
  select id_empresa, 'inmueble' as serie, ultimo from inmueble_consecutivo
  union all select id_empresa, 'inmueble', max(consecutivo) from inmueble group by id_empresa
  union all select id_empresa, 'cliente_atendido', ultimo from cliente_atendido_consecutivo
  union all select id_empresa, 'cliente_atendido', max(consecutivo) from cliente_atendido group by id_empresa
  union all select id_empresa, 'solicitud', ultimo from solicitud_consecutivo
  union all select id_empresa, 'solicitud', max(numero) from solicitud group by id_empresa
) x
where ultimo > 0
group by id_empresa, serie;

drop table inmueble_consecutivo;
drop table cliente_atendido_consecutivo;
drop table solicitud_consecutivo;
