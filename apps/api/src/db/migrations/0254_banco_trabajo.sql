-- Página web > Banco de trabajo (issue 32, idm 202): the agency's job vacancies and the applications the
-- public site sends to them, each with its CV as an archivo row (tipo_dueno 'postulacion'). RLS per
-- company comes from the migration runner (every id_empresa table).

create table vacante (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  titulo text not null,
  -- Sanitised HTML (platform/documentos/sanear).
  descripcion text not null default '',
  area text not null,
  -- Optional range in COP; the site shows «A convenir» without it.
  salario_min bigint,
  salario_max bigint,
  -- Last day applications are taken (Colombia's calendar); after it the public list leaves it out.
  fecha_cierre date not null,
  estado text not null default 'borrador' check (estado in ('borrador', 'publicada', 'cerrada')),
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint vacante_empresa_id_uk unique (id_empresa, id),
  constraint vacante_salario_ck check (salario_min is null or salario_max is null or salario_max >= salario_min)
);

create table postulacion (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_vacante integer not null,
  nombre text not null,
  email text not null,
  telefono text not null,
  mensaje text not null default '',
  estado text not null default 'recibida'
    check (estado in ('recibida', 'en_revision', 'preseleccionada', 'descartada', 'contratada')),
  -- Internal: never in a public answer.
  notas text not null default '',
  -- Ley 1581: the text the applicant accepted and when, as proof of the authorisation.
  consentimiento_texto text not null,
  consentimiento_en timestamptz not null,
  ip text not null default '',
  creado_en timestamptz not null default now(),
  revisado_por text,
  revisado_en timestamptz,
  constraint postulacion_vacante_fk foreign key (id_empresa, id_vacante) references vacante (id_empresa, id) on delete cascade
);
create index postulacion_vacante_ix on postulacion (id_empresa, id_vacante, creado_en desc);
create index postulacion_creado_ix on postulacion (id_empresa, creado_en desc);

create trigger postulacion_borra_archivos after delete on postulacion
  for each row execute function archivo_borrar_de_dueno('postulacion', 'id');
