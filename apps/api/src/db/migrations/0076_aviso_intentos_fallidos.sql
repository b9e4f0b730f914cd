-- Told to a user and to the company administrators when an account collects many failed logins (issue 22).
insert into notificacion_tipo (tipo_carta, modulo, modulo_label, modulo_orden, orden, titulo, descripcion, in_app, email, sms, whatsapp) values
  (9003, 'seguridad', 'Seguridad', 99, 3, 'Intentos fallidos de inicio de sesión', 'Cuando hay muchos intentos fallidos de iniciar sesión con su usuario o, si administra la empresa, con el de otro usuario.', true, false, false, false)
on conflict (tipo_carta) do nothing;
