-- Página web > Formularios (issue 32): a form may turn each submission into a cliente atendido of a
-- chosen gestión instead of a solicitud. The visitor is matched to a tercero of the company by e-mail,
-- then by phone; without a match the submission still becomes a solicitud, and the envío says why.
alter table formulario_web
  add column destino text not null default 'solicitud',
  add column gestion_cliente text not null default 'arriendo',
  add constraint formulario_web_destino_ck check (destino in ('solicitud', 'cliente_atendido')),
  add constraint formulario_web_gestion_ck check (gestion_cliente in ('arriendo', 'venta', 'arriendo_venta'));

alter table formulario_envio
  add column consecutivo_cliente integer,
  add column nota text not null default '';

-- Who in the company attends clientes atendidos (idm 463) hears of one that came from the website.
insert into notificacion_tipo (tipo_carta, modulo, modulo_label, modulo_orden, orden, titulo, descripcion, in_app, email, sms, whatsapp) values
  (802, 'pagina_web', 'Página web', 8, 2, 'Cliente atendido desde el sitio web', 'Cuando un formulario del sitio web crea un cliente atendido para un tercero de la empresa.', true, true, false, false)
on conflict (tipo_carta) do nothing;
