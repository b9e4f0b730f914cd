-- Gestión documental (issue 28): a radicado names the inmueble and the contrato it is about (before, only
-- the letters generated from a template did, in carta). Foreign keys carry the company, as the others.

alter table radicado
  add column id_inmueble integer,
  add column id_contrato integer,
  add constraint radicado_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id),
  add constraint radicado_contrato_fk foreign key (id_empresa, id_contrato) references contrato (id_empresa, id);
create index radicado_inmueble_ix on radicado (id_empresa, id_inmueble) where id_inmueble is not null;
create index radicado_contrato_ix on radicado (id_empresa, id_contrato) where id_contrato is not null;

-- The letters already filed carry theirs onto their radicado.
update radicado r set id_inmueble = c.id_inmueble, id_contrato = c.id_contrato
  from carta c
 where c.id_radicado = r.id and c.id_empresa = r.id_empresa and (c.id_inmueble is not null or c.id_contrato is not null);
