-- Tareas (issue 26, /tareas/asignar-tareas idm 10584, /tareas/listas-de-verificacion idm 10586): the
-- agency's work, assigned to users, with checklists, comments and a field-level change log.

-- Masters referenced with the company in the key, so a tarea never names another company's category.
create unique index if not exists tareas_categorias_empresa_id_uk on tareas_categorias (id_empresa, id);
create unique index if not exists tareas_prioridades_empresa_id_uk on tareas_prioridades (id_empresa, id);

-- Checklist templates: ordered items, some required (a task cannot close with them open).
create table lista_verificacion (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  nombre text not null,
  descripcion text not null default '',
  activo boolean not null default true,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint lista_verificacion_empresa_id_uk unique (id_empresa, id)
);
create unique index lista_verificacion_nombre_uk on lista_verificacion (id_empresa, lower(predio_unaccent(nombre)));

create table lista_verificacion_item (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_lista integer not null,
  orden integer not null,
  texto text not null,
  obligatorio boolean not null default false,
  constraint lista_verificacion_item_lista_fk foreign key (id_empresa, id_lista) references lista_verificacion (id_empresa, id) on delete cascade
);
create index lista_verificacion_item_lista_ix on lista_verificacion_item (id_empresa, id_lista, orden);

-- Playbook of a category: its default checklist and due offset in business days (Colombian holidays out).
alter table tareas_categorias
  add column if not exists id_lista_verificacion integer,
  add column if not exists dias_habiles_vence integer check (dias_habiles_vence between 0 and 365);
alter table tareas_categorias
  add constraint tareas_categorias_lista_fk foreign key (id_empresa, id_lista_verificacion)
    references lista_verificacion (id_empresa, id) on delete set null (id_lista_verificacion);

create table tarea (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  -- Per company, from platform/numeracion (series 'tarea'): never reused.
  consecutivo integer not null,
  titulo text not null,
  descripcion text not null default '',
  id_categoria integer,
  id_prioridad integer,
  id_solicitante integer,
  vence_en timestamptz,
  estado text not null default 'pendiente'
    check (estado in ('pendiente', 'en_curso', 'en_espera', 'terminada', 'cancelada')),
  id_inmueble integer,
  id_tercero integer,
  id_cliente_atendido integer,
  id_solicitud integer,
  id_cita integer,
  -- A recurring task: the job creates the next one (weekly / monthly) when this one's due date arrives.
  recurrencia text check (recurrencia in ('semanal', 'mensual')),
  id_tarea_origen integer,
  cerrada_en timestamptz,
  version integer not null default 1,
  creado_por text not null,
  creado_en timestamptz not null default now(),
  modificado_por text,
  modificado_en timestamptz,
  constraint tarea_empresa_id_uk unique (id_empresa, id),
  constraint tarea_consecutivo_uk unique (id_empresa, consecutivo),
  constraint tarea_id_categoria_fk foreign key (id_empresa, id_categoria) references tareas_categorias (id_empresa, id),
  constraint tarea_id_prioridad_fk foreign key (id_empresa, id_prioridad) references tareas_prioridades (id_empresa, id),
  constraint tarea_id_solicitante_fk foreign key (id_empresa, id_solicitante) references usuarios (id_empresa, id),
  constraint tarea_id_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  constraint tarea_id_tercero_fk foreign key (id_empresa, id_tercero) references terceros (id_empresa, id),
  constraint tarea_id_cliente_atendido_fk foreign key (id_empresa, id_cliente_atendido) references cliente_atendido (id_empresa, id),
  constraint tarea_id_solicitud_fk foreign key (id_empresa, id_solicitud) references solicitud (id_empresa, id),
  constraint tarea_id_cita_fk foreign key (id_empresa, id_cita) references cita (id_empresa, id) on delete set null (id_cita),
  -- One follow-up per recurring task and due date, however many job runs create it.
  constraint tarea_origen_vence_uk unique (id_empresa, id_tarea_origen, vence_en)
);
create index tarea_abiertas_ix on tarea (id_empresa, vence_en) where estado not in ('terminada', 'cancelada');
create index tarea_solicitante_ix on tarea (id_empresa, id_solicitante, id);
create index tarea_inmueble_ix on tarea (id_empresa, id_inmueble) where id_inmueble is not null;
create index tarea_tercero_ix on tarea (id_empresa, id_tercero) where id_tercero is not null;
create index tarea_cliente_ix on tarea (id_empresa, id_cliente_atendido) where id_cliente_atendido is not null;
create index tarea_solicitud_ix on tarea (id_empresa, id_solicitud) where id_solicitud is not null;

-- Responsables and seguidores (users of the company).
create table tarea_persona (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_tarea integer not null,
  id_usuario integer not null,
  rol text not null check (rol in ('responsable', 'seguidor')),
  -- Copies of the task's open state and due date (kept by the triggers below), so «my open tasks by
  -- due date» is one range of the partial index below, not a join over all of the user's tasks.
  abierta boolean not null default true,
  vence_en timestamptz,
  primary key (id_empresa, id_tarea, id_usuario, rol),
  constraint tarea_persona_tarea_fk foreign key (id_empresa, id_tarea) references tarea (id_empresa, id) on delete cascade,
  constraint tarea_persona_usuario_fk foreign key (id_empresa, id_usuario) references usuarios (id_empresa, id)
);
-- «My tasks»: from the user to their tasks; the open ones in due-date order.
create index tarea_persona_usuario_ix on tarea_persona (id_empresa, id_usuario, id_tarea);
create index tarea_persona_abiertas_ix on tarea_persona (id_empresa, id_usuario, vence_en, id_tarea) where abierta;

create function tarea_persona_copiar() returns trigger language plpgsql as $$
begin
  select t.estado not in ('terminada', 'cancelada'), t.vence_en into new.abierta, new.vence_en
  from tarea t where t.id_empresa = new.id_empresa and t.id = new.id_tarea;
  return new;
end $$;
create trigger tarea_persona_copiar before insert on tarea_persona for each row execute function tarea_persona_copiar();

create function tarea_propagar() returns trigger language plpgsql as $$
begin
  update tarea_persona set abierta = new.estado not in ('terminada', 'cancelada'), vence_en = new.vence_en
  where id_empresa = new.id_empresa and id_tarea = new.id;
  return null;
end $$;
create trigger tarea_propagar after update of estado, vence_en on tarea for each row
  when (old.estado is distinct from new.estado or old.vence_en is distinct from new.vence_en)
  execute function tarea_propagar();

create table tarea_item (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_tarea integer not null,
  orden integer not null,
  texto text not null,
  obligatorio boolean not null default false,
  hecho boolean not null default false,
  hecho_por text,
  hecho_en timestamptz,
  constraint tarea_item_tarea_fk foreign key (id_empresa, id_tarea) references tarea (id_empresa, id) on delete cascade
);
create index tarea_item_tarea_ix on tarea_item (id_empresa, id_tarea, orden);

create table tarea_comentario (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_tarea integer not null,
  id_usuario integer,
  usuario text not null,
  texto text not null,
  menciones integer[] not null default '{}',
  creado_en timestamptz not null default now(),
  constraint tarea_comentario_tarea_fk foreign key (id_empresa, id_tarea) references tarea (id_empresa, id) on delete cascade
);
create index tarea_comentario_tarea_ix on tarea_comentario (id_empresa, id_tarea, id);

-- Field-level change log (the task's history and /informes/mod-tarea): one row per changed field,
-- values as a person reads them (names, not ids), so the report needs no lookups of what may be gone.
create table tarea_historial (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_tarea integer not null,
  id_usuario integer,
  usuario text not null,
  fecha timestamptz not null default now(),
  accion text not null,
  campo text not null,
  antes text not null default '',
  despues text not null default '',
  constraint tarea_historial_tarea_fk foreign key (id_empresa, id_tarea) references tarea (id_empresa, id) on delete cascade
);
create index tarea_historial_fecha_ix on tarea_historial (id_empresa, fecha desc, id desc);
create index tarea_historial_tarea_ix on tarea_historial (id_empresa, id_tarea, id);

-- Each due-tomorrow notice (402) sent, written in the job's transaction before the notice: a second
-- run, or a second runner, finds the row and sends nothing more for that task and due date.
create table tarea_aviso_vence (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_tarea integer not null,
  vence_en timestamptz not null,
  enviado_en timestamptz not null default now(),
  primary key (id_empresa, id_tarea, vence_en),
  constraint tarea_aviso_vence_tarea_fk foreign key (id_empresa, id_tarea) references tarea (id_empresa, id) on delete cascade
);
