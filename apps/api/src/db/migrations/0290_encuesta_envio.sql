-- Página web > Encuestas sent by e-mail (issue 32): «Enviar» to chosen terceros, and a job that sends a
-- survey by itself after a visit, a signed lease or a closed maintenance request (its trigger and delay
-- are the survey's). E-mailed links expire; each recipient gets a trigger's survey once per record.

alter table encuesta
  add column disparador text not null default 'ninguno'
    check (disparador in ('ninguno', 'visita', 'contrato', 'mantenimiento')),
  add column dias_espera integer not null default 0 check (dias_espera between 0 and 90),
  add column dias_vigencia integer not null default 30 check (dias_vigencia between 1 and 365),
  -- Records done before the trigger was chosen are not surveyed: choosing it must not e-mail years of
  -- past visits at once.
  add column disparador_desde timestamptz not null default now(),
  -- The address staff reached Predio at when they saved it: the trigger job's links use it when the
  -- server has no PUBLIC_URL (a job has no request to read it from).
  add column url_base text not null default '';

alter table encuesta_enlace
  add column origen text not null default 'manual'
    check (origen in ('manual', 'correo', 'visita', 'contrato', 'mantenimiento')),
  add column origen_id integer,
  add column enviado_en timestamptz,
  add column vence_en timestamptz;

-- A trigger's record surveys each address once, whatever the job's retries (at least once) do.
create unique index encuesta_enlace_disparo_uk on encuesta_enlace (id_empresa, id_encuesta, origen, origen_id, lower(email))
  where origen_id is not null;
create index encuesta_disparador_ix on encuesta (id_empresa) where disparador <> 'ninguno' and activa;
