-- A task may point at a documento: a radicado of gestión documental (issue 26, «related record … later
-- contrato/documento»; contratos are not a module yet). With the company in the key, as the other links.
alter table tarea add column id_radicado integer;
alter table tarea add constraint tarea_id_radicado_fk foreign key (id_empresa, id_radicado)
  references radicado (id_empresa, id) on delete set null (id_radicado);
create index tarea_radicado_ix on tarea (id_empresa, id_radicado) where id_radicado is not null;
