-- Gestión documental (issue 28): a radicado de salida (a letter from Plantillas de cartas) that answers a
-- radicado de entrada points at it; each shows the other, and answering moves the entrada to «Respondido».

alter table radicado add column if not exists id_responde_a integer;
alter table radicado add constraint radicado_id_responde_a_fk foreign key (id_empresa, id_responde_a) references radicado (id_empresa, id);
create index radicado_responde_a_ix on radicado (id_empresa, id_responde_a) where id_responde_a is not null;
