-- Recurring citas (issue 25): a series keeps its rule, and each occurrence is a cita row of its own, so
-- the calendar, conflicts, reminders, the feed, a property's history and the change log see occurrences
-- as they see any cita. A series ends within two years (the service refuses longer), so it is at most 732
-- rows. Editing «toda la serie» rebuilds the open occurrences from the rule (agenda-serie.service.ts).
create table cita_serie (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  frecuencia text not null check (frecuencia in ('diaria', 'semanal', 'mensual')),
  intervalo smallint not null default 1 check (intervalo between 1 and 99),
  -- ISO weekdays (1 = lunes) of a weekly series.
  dias smallint[] not null default '{}',
  -- The series ends on this day (Bogotá, inclusive) or after this many occurrences: one of the two.
  hasta date,
  veces smallint check (veces between 1 and 732),
  -- The rule's first start (DTSTART) and the end of that first occurrence (its duration).
  inicio timestamptz not null,
  fin timestamptz not null,
  -- Starts the rule gives that were deleted one by one (EXDATE): a rebuild does not bring them back.
  excluidas timestamptz[] not null default '{}',
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint cita_serie_empresa_id_uk unique (id_empresa, id),
  constraint cita_serie_termina_ck check ((hasta is null) <> (veces is null)),
  constraint cita_serie_fin_ck check (fin > inicio)
);

alter table cita
  add column id_serie integer,
  -- The start the rule gave this occurrence (RECURRENCE-ID): where it belongs in the series even when moved.
  add column inicio_serie timestamptz,
  -- Changed on its own («solo esta»): a change to the whole series leaves it as it is.
  add column excepcion boolean not null default false,
  add constraint cita_id_serie_fk foreign key (id_empresa, id_serie) references cita_serie (id_empresa, id) on delete set null (id_serie);
create index cita_serie_ix on cita (id_empresa, id_serie, inicio) where id_serie is not null;
