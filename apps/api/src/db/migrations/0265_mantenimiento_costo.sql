-- Zona clientes (issue 31): a maintenance request's final cost, who pays it and the supplier who does the work.
-- Whole pesos, as quotes; null while unknown. The supplier is a tercero of the same company.
alter table solicitud_mantenimiento add column costo bigint check (costo is null or (costo >= 0 and costo <= 999999999999));
alter table solicitud_mantenimiento add column paga text check (paga in ('propietario', 'arrendatario', 'inmobiliaria'));
alter table solicitud_mantenimiento add column id_proveedor integer;
alter table solicitud_mantenimiento add constraint solicitud_mantenimiento_proveedor_fk
  foreign key (id_empresa, id_proveedor) references terceros (id_empresa, id);
-- A cost says who pays it.
alter table solicitud_mantenimiento add constraint solicitud_mantenimiento_costo_paga_ck check (costo is null or paga is not null);
create index solicitud_mantenimiento_proveedor_ix on solicitud_mantenimiento (id_empresa, id_proveedor) where id_proveedor is not null;
