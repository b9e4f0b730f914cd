-- Informes (issue 33), «Programar envío»: a report e-mailed weekly or monthly to chosen users. The report
-- runs as its creator (their permissions and asesor scoping) over the previous complete week or month at
-- send time. Row-level security and grants come from migrate.ts like every table with id_empresa.
create table informe_programacion (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  clave text not null,
  frecuencia text not null check (frecuencia in ('semanal', 'mensual')),
  -- Weekly: 1 Monday … 7 Sunday; monthly: 1–28 (every month has it).
  dia integer not null check (dia between 1 and (case when frecuencia = 'semanal' then 7 else 28 end)),
  -- Bogotá hour of the day (0–23).
  hora integer not null check (hora between 0 and 23),
  formato text not null check (formato in ('pdf', 'xlsx')),
  asesor integer,
  dias integer check (dias between 1 and 3650),
  -- Ids of active users of the company (checked when saved and again when sent).
  destinatarios integer[] not null check (cardinality(destinatarios) between 1 and 50),
  activo boolean not null default true,
  id_creador integer not null,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  ultimo_envio timestamptz,
  -- The first day of the period last sent by the programme: a job run twice sends it once.
  ultimo_periodo date,
  proximo_envio timestamptz,
  ultimo_error text,
  ultimo_aviso text,
  constraint informe_programacion_creador_fk foreign key (id_empresa, id_creador) references usuarios (id_empresa, id),
  constraint informe_programacion_asesor_fk foreign key (id_empresa, asesor) references usuarios (id_empresa, id)
);
create index informe_programacion_clave_ix on informe_programacion (id_empresa, clave, id);
-- The programme's tick reads the due schedules of every company.
create index informe_programacion_proximo_ix on informe_programacion (proximo_envio) where activo;
