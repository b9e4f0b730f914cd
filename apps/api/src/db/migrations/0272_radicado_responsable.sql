-- Gestión documental (issue 28): who must answer a radicado (by default, for an entrada, the user that
-- receives inbound mail in configuracion) and the deadline its notice 502 was sent for, so the daily job
-- tells once per deadline (a deadline moved by a new tipo documental is told again).

alter table radicado add column if not exists id_responsable integer;
alter table radicado add constraint radicado_id_responsable_fk foreign key (id_empresa, id_responsable) references usuarios (id_empresa, id);
alter table radicado add column if not exists avisado_vence date;
create index radicado_vence_ix on radicado (id_empresa, vence) where vence is not null;
