-- Gestión documental (issue 28, /gestion-documental/maestros/estado-gestion-documental, idm 10602): the
-- transitions a radicado's estado may take, and the history of every change (who, when, from, to, note).
-- A transition without origen applies from any estado (and from a radicado without one): «→ Anulado».

create table gd_transicion (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_estado_origen integer,
  id_estado_destino integer not null,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint gd_transicion_distintos_ck check (id_estado_origen is distinct from id_estado_destino),
  constraint gd_transicion_id_estado_origen_fk foreign key (id_empresa, id_estado_origen)
    references estados_gestion_documental (id_empresa, id) on delete cascade,
  constraint gd_transicion_id_estado_destino_fk foreign key (id_empresa, id_estado_destino)
    references estados_gestion_documental (id_empresa, id) on delete cascade
);
-- One rule per pair; «from any» counts as its own origen (coalesce, since null never equals null).
create unique index gd_transicion_uk on gd_transicion (id_empresa, coalesce(id_estado_origen, 0), id_estado_destino);

create table radicado_estado (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_radicado integer not null,
  id_estado_anterior integer,
  id_estado integer not null,
  nota text not null default '',
  usuario text not null,
  creado_en timestamptz not null default now(),
  constraint radicado_estado_id_radicado_fk foreign key (id_empresa, id_radicado) references radicado (id_empresa, id) on delete cascade,
  constraint radicado_estado_id_estado_anterior_fk foreign key (id_empresa, id_estado_anterior)
    references estados_gestion_documental (id_empresa, id),
  constraint radicado_estado_id_estado_fk foreign key (id_empresa, id_estado) references estados_gestion_documental (id_empresa, id)
);
create index radicado_estado_radicado_ix on radicado_estado (id_empresa, id_radicado, creado_en);

-- Existing companies get «Anulado» and the usual path Radicado → En trámite → Respondido → Archivado, any
-- → Anulado (new companies get them from db/seed/gd-estados.ts). Estados are found by name, as seeded.
insert into estados_gestion_documental (id_empresa, nombre, color, creado_por)
select e.id_empresa, 'Anulado', '#f5222d', 'sistema' from empresa e
where not exists (select 1 from estados_gestion_documental x where x.id_empresa = e.id_empresa and lower(predio_unaccent(x.nombre)) = 'anulado');

insert into gd_transicion (id_empresa, id_estado_origen, id_estado_destino, creado_por)
select o.id_empresa, o.id, d.id, 'sistema'
from (values ('radicado', 'en tramite'), ('en tramite', 'respondido'), ('respondido', 'archivado')) p (origen, destino)
join estados_gestion_documental o on lower(predio_unaccent(o.nombre)) = p.origen
join estados_gestion_documental d on d.id_empresa = o.id_empresa and lower(predio_unaccent(d.nombre)) = p.destino
on conflict do nothing;

insert into gd_transicion (id_empresa, id_estado_origen, id_estado_destino, creado_por)
select d.id_empresa, null, d.id, 'sistema' from estados_gestion_documental d where lower(predio_unaccent(d.nombre)) = 'anulado'
on conflict do nothing;
