-- How this database was made, written once: 'demo' by the demo seed, 'empresa crear' by the command that
-- creates a real company. Outside the demo the support login needs SUPPORT_PASSWORD (issue 22).
create table if not exists instalacion (
  clave text primary key,
  valor text not null,
  escrito_en timestamptz not null default now()
);

-- A database the demo seed filled before this table existed is still the demo.
insert into instalacion (clave, valor)
select 'origen', 'demo'
where exists (select 1 from empresa where id_empresa = 1 and nit = '900123456-8' and nombre = 'Inmobiliaria Demo S.A.S.')
on conflict (clave) do nothing;

-- Told to the company administrators at every support login.
insert into notificacion_tipo (tipo_carta, modulo, modulo_label, modulo_orden, orden, titulo, descripcion, in_app, email, sms, whatsapp) values
  (9002, 'seguridad', 'Seguridad', 99, 2, 'Ingreso del soporte', 'Cuando el soporte técnico (usuario EMPATIA) inicia sesión en la empresa; solo para administradores.', true, false, false, false)
on conflict (tipo_carta) do nothing;
