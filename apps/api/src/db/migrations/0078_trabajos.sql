-- Background jobs (platform/jobs, docs/jobs.md): written in the transaction that causes them, claimed
-- by any API process with FOR UPDATE SKIP LOCKED and a lease. id_empresa null: a platform-wide job
-- (maintenance), which no company sees (the tenant policy compares id_empresa with the company).
create table trabajo (
  id bigserial primary key,
  id_empresa integer default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa) on delete cascade,
  tipo text not null,
  datos jsonb not null default '{}'::jsonb,
  -- Idempotency key: a second job with the same key in the same company (or platform-wide) is not written.
  clave text,
  estado text not null default 'pendiente' check (estado in ('pendiente', 'en_curso', 'terminado', 'fallido')),
  intentos integer not null default 0,
  max_intentos integer not null default 5 check (max_intentos > 0),
  ejecutar_en timestamptz not null default now(),
  -- The lease of the process running it: past it, another process may claim the job again.
  bloqueado_hasta timestamptz,
  ultimo_error text,
  resultado jsonb,
  creado_en timestamptz not null default now(),
  iniciado_en timestamptz,
  terminado_en timestamptz
);
create unique index trabajo_clave_ux on trabajo ((coalesce(id_empresa, 0)), clave) where clave is not null;
create index trabajo_pendiente_ix on trabajo (ejecutar_en) where estado = 'pendiente';
create index trabajo_en_curso_ix on trabajo (bloqueado_hasta) where estado = 'en_curso';
create index trabajo_empresa_ix on trabajo (id_empresa, id desc);
