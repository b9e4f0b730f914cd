-- Contract templates (plantillas-contratos, idm 10599) and contracts (contratos 76, contratos-coem 10600),
-- issue 29. A template keeps every saved version (a contract names the version it was made from); a
-- contract's parties are terceros, its signing a firma_documento. Row-level security comes from id_empresa.

create unique index if not exists tipos_documentos_firmar_empresa_id_uk on tipos_documentos_firmar (id_empresa, id);

create table plantilla_contrato (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  nombre text not null check (length(nombre) between 1 and 120),
  clase text not null check (clase in ('arrendamiento_vivienda', 'arrendamiento_comercial', 'mandato', 'codeudor',
                                        'acta_entrega', 'autorizacion_datos', 'otro')),
  programa text not null check (programa in ('contratos', 'coem')),
  id_tipo_documento integer not null,
  version integer not null default 1,
  activa boolean not null default true,
  actualizado timestamptz not null default now(),
  actualizado_por text not null default '',
  constraint plantilla_contrato_empresa_id_uk unique (id_empresa, id),
  constraint plantilla_contrato_tipo_fk foreign key (id_empresa, id_tipo_documento) references tipos_documentos_firmar (id_empresa, id)
);
create unique index plantilla_contrato_nombre_uk on plantilla_contrato (id_empresa, lower(nombre));

create table plantilla_contrato_version (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_plantilla integer not null,
  version integer not null,
  contenido text not null,
  nota text not null default '',
  creado_por text not null,
  creado_en timestamptz not null default now(),
  constraint plantilla_contrato_version_uk unique (id_empresa, id_plantilla, version),
  constraint plantilla_contrato_version_fk foreign key (id_empresa, id_plantilla) references plantilla_contrato (id_empresa, id) on delete cascade
);

create table contrato (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  consecutivo integer not null,
  programa text not null check (programa in ('contratos', 'coem')),
  clase text not null,
  estado text not null default 'borrador' check (estado in ('borrador', 'enviado', 'firmado', 'vigente', 'terminado')),
  id_inmueble integer not null,
  id_plantilla integer not null,
  version_plantilla integer not null,
  canon numeric(14, 2) not null default 0,
  fecha_inicio date not null,
  duracion_meses integer not null check (duracion_meses between 1 and 240),
  dia_pago integer not null check (dia_pago between 1 and 31),
  incremento text not null default 'ipc' check (incremento in ('ipc', 'ipc_mas', 'fijo', 'ninguno')),
  incremento_puntos numeric(6, 2) not null default 0,
  clausulas text not null default '',
  id_firma_documento integer,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint contrato_empresa_id_uk unique (id_empresa, id),
  constraint contrato_consecutivo_uk unique (id_empresa, programa, consecutivo),
  constraint contrato_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint contrato_plantilla_fk foreign key (id_empresa, id_plantilla) references plantilla_contrato (id_empresa, id),
  constraint contrato_firma_fk foreign key (id_empresa, id_firma_documento) references firma_documento (id_empresa, id)
);
create index contrato_lista_ix on contrato (id_empresa, programa, creado_en desc, id desc);
create index contrato_firma_ix on contrato (id_empresa, id_firma_documento) where id_firma_documento is not null;

create table contrato_parte (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_contrato integer not null,
  id_tercero integer not null,
  rol text not null check (rol in ('propietario', 'arrendatario', 'codeudor')),
  porcentaje numeric(5, 2),
  orden integer not null,
  constraint contrato_parte_uk unique (id_empresa, id_contrato, id_tercero, rol),
  constraint contrato_parte_contrato_fk foreign key (id_empresa, id_contrato) references contrato (id_empresa, id) on delete cascade,
  constraint contrato_parte_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id)
);

create table contrato_estado_historial (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_contrato integer not null,
  desde text,
  hasta text not null,
  observacion text not null default '',
  usuario text not null,
  creado_en timestamptz not null default now(),
  constraint contrato_historial_fk foreign key (id_empresa, id_contrato) references contrato (id_empresa, id) on delete cascade
);
create index contrato_historial_ix on contrato_estado_historial (id_empresa, id_contrato, id);
