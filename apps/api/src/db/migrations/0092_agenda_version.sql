-- The agenda's version per company (issue 25): every change to a cita or its asesores bumps it, so the
-- calendar's week, read by every asesor's screen again and again, can be served from memory while
-- nothing changed, in any number of API processes (each compares its copy with this row). Statement
-- triggers: a bulk change bumps each company it touched once, not once per row.
create table agenda_version (
  id_empresa integer primary key references empresa (id_empresa),
  version bigint not null default 1
);

create function agenda_version_subir() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into agenda_version as v (id_empresa) select distinct id_empresa from nuevas
    on conflict (id_empresa) do update set version = v.version + 1;
  elsif tg_op = 'DELETE' then
    insert into agenda_version as v (id_empresa) select distinct id_empresa from viejas
    on conflict (id_empresa) do update set version = v.version + 1;
  else
    insert into agenda_version as v (id_empresa)
    select id_empresa from nuevas union select id_empresa from viejas
    on conflict (id_empresa) do update set version = v.version + 1;
  end if;
  return null;
end $$;

create trigger cita_version_i after insert on cita referencing new table as nuevas
  for each statement execute function agenda_version_subir();
create trigger cita_version_u after update on cita referencing old table as viejas new table as nuevas
  for each statement execute function agenda_version_subir();
create trigger cita_version_d after delete on cita referencing old table as viejas
  for each statement execute function agenda_version_subir();
create trigger cita_asesor_version_i after insert on cita_asesor referencing new table as nuevas
  for each statement execute function agenda_version_subir();
create trigger cita_asesor_version_u after update on cita_asesor referencing old table as viejas new table as nuevas
  for each statement execute function agenda_version_subir();
create trigger cita_asesor_version_d after delete on cita_asesor referencing old table as viejas
  for each statement execute function agenda_version_subir();
