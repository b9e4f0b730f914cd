-- Outgoing e-mail: written in the same transaction as the change that causes it,
-- sent afterwards by the mailer (SMTP_URL), retried with backoff.
create table correo_salida (
  id bigserial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  para text not null,
  asunto text not null,
  texto text not null,
  html text,
  origen text not null default '',
  estado text not null default 'pendiente' check (estado in ('pendiente', 'enviando', 'enviado', 'error')),
  intentos integer not null default 0,
  ultimo_error text,
  proximo_intento timestamptz not null default now(),
  creado_en timestamptz not null default now(),
  enviado_en timestamptz
);
create index correo_salida_pendiente_ix on correo_salida (proximo_intento) where estado in ('pendiente', 'enviando');
