-- A category's playbook (default checklist, due offset in business days) in a table of its own: the
-- masters' tables hold exactly the columns their master defines (the masters' screens and imports read
-- them from that definition), and the checklist is no master.
create table tarea_categoria_guion (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_categoria integer not null,
  id_lista_verificacion integer,
  dias_habiles_vence integer check (dias_habiles_vence between 0 and 365),
  primary key (id_empresa, id_categoria),
  constraint tarea_categoria_guion_categoria_fk foreign key (id_empresa, id_categoria)
    references tareas_categorias (id_empresa, id) on delete cascade,
  constraint tarea_categoria_guion_lista_fk foreign key (id_empresa, id_lista_verificacion)
    references lista_verificacion (id_empresa, id) on delete set null (id_lista_verificacion)
);

insert into tarea_categoria_guion (id_empresa, id_categoria, id_lista_verificacion, dias_habiles_vence)
select id_empresa, id, id_lista_verificacion, dias_habiles_vence from tareas_categorias
where id_lista_verificacion is not null or dias_habiles_vence is not null;

alter table tareas_categorias drop constraint tareas_categorias_lista_fk;
alter table tareas_categorias drop column id_lista_verificacion, drop column dias_habiles_vence;
