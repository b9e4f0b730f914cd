-- SMS and WhatsApp (issue 27 §2): each company's provider per channel and the outbox of those messages.
-- Row-level security comes from id_empresa (migrate.ts).

-- `credenciales` is AES-256-GCM ciphertext (platform/mensajes/cifrado.ts): the API never answers it.
create table mensaje_proveedor (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  canal text not null check (canal in ('sms', 'whatsapp')),
  proveedor text not null check (proveedor in ('hablame', 'generico', 'whatsapp_cloud')),
  activo boolean not null default true,
  ajustes jsonb not null default '{}',
  credenciales text not null default '',
  actualizado timestamptz not null default now(),
  primary key (id_empresa, canal)
);

-- One row per SMS or WhatsApp message; a job (mensajes.enviar) sends it. `estado` moves
-- en_cola → enviando → enviado → entregado, or → fallido / rebotado with `ultimo_error`.
create table mensaje_salida (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  canal text not null check (canal in ('sms', 'whatsapp')),
  para text not null,
  texto text not null default '',
  whatsapp_plantilla text not null default '',
  whatsapp_parametros jsonb not null default '[]',
  estado text not null default 'en_cola' check (estado in ('en_cola', 'enviando', 'enviado', 'entregado', 'fallido', 'rebotado')),
  intentos integer not null default 0,
  ultimo_error text,
  proveedor text,
  id_externo text,
  segmentos integer,
  costo numeric(12, 2),
  origen text not null default '',
  id_usuario integer,
  tipo_carta integer,
  plantilla text,
  entidad text,
  entidad_id text,
  -- To a client (Ley 2300 hours apply) rather than to staff.
  a_cliente boolean not null default false,
  programado_para timestamptz not null default now(),
  creado_en timestamptz not null default now(),
  enviado_en timestamptz
);
create index mensaje_salida_creado_ix on mensaje_salida (id_empresa, creado_en desc);
