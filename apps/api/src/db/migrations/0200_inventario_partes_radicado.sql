-- Issue 30, the items left for when terceros, gestión documental and zona clientes existed.

-- Who was present at an inventory: the tenant, the owner and anyone else, chosen from terceros. The name,
-- document and e-mail are copied when chosen, so the PDF and the e-mail say what was true that day even if
-- the tercero is edited or deleted later; a party typed by hand (not a tercero) has no id_tercero.
create table inventario_parte (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inventario integer not null,
  rol text not null check (rol in ('arrendatario', 'propietario', 'otro')),
  id_tercero integer,
  nombre text not null,
  documento text not null default '',
  email text not null default '',
  creado_en timestamptz not null default now(),
  constraint inventario_parte_empresa_id_uk unique (id_empresa, id),
  constraint inventario_parte_inventario_fk foreign key (id_empresa, id_inventario)
    references inventario (id_empresa, id) on delete cascade,
  constraint inventario_parte_tercero_fk foreign key (id_empresa, id_tercero)
    references terceros (id_empresa, id) on delete set null (id_tercero)
);
create index inventario_parte_inventario_ix on inventario_parte (id_empresa, id_inventario, id);
-- The client portal looks inventories up by the client's tercero.
create index inventario_parte_tercero_ix on inventario_parte (id_empresa, id_tercero) where id_tercero is not null;

-- Inventories taken before: the tenant and owner who signed become their parties (free text), tied to
-- the tercero whose document they wrote when exactly one tercero of the company has it.
insert into inventario_parte (id_empresa, id_inventario, rol, id_tercero, nombre, documento, email)
select f.id_empresa, f.id_inventario, f.rol,
       (select min(t.id) from terceros t
         where t.id_empresa = f.id_empresa and f.documento <> '' and t.nro_id = f.documento
        having count(*) = 1),
       f.nombre, f.documento, f.email
from inventario_firma f
where f.rol in ('arrendatario', 'propietario');

-- The radicados of gestión documental the closed inventory's PDF and its acta de restitución were filed
-- as (by the job inventarios.radicar, after the closing commits).
alter table inventario add column id_radicado integer;
alter table inventario add column id_radicado_acta integer;
alter table inventario add constraint inventario_radicado_fk foreign key (id_empresa, id_radicado)
  references radicado (id_empresa, id) on delete set null (id_radicado);
alter table inventario add constraint inventario_radicado_acta_fk foreign key (id_empresa, id_radicado_acta)
  references radicado (id_empresa, id) on delete set null (id_radicado_acta);

-- Inventories closed before this: filed too, by the same job (it takes the closing user's name).
insert into trabajo (id_empresa, tipo, datos, clave)
select v.id_empresa, 'inventarios.radicar', jsonb_build_object('id', v.id, 'cual', c.cual, 'usuario', coalesce(v.cerrado_por, v.tomado_por)),
       'inventario-radicar:' || v.id || ':' || c.cual
from inventario v cross join (values ('pdf'), ('acta')) c (cual)
where v.estado = 'cerrado' and (c.cual = 'pdf' or v.tipo = 'devolucion')
on conflict do nothing;
