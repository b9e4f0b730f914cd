-- Banco de trabajo (issue 32): who reviews vacancies (idm 202) hears of each application that arrives,
-- in the app and by e-mail unless they turn it off in Mis notificaciones.
insert into notificacion_tipo (tipo_carta, modulo, modulo_label, modulo_orden, orden, titulo, descripcion, in_app, email, sms, whatsapp) values
  (801, 'pagina_web', 'Página web', 8, 1, 'Nueva postulación', 'Cuando alguien se postula a una vacante del banco de trabajo desde el sitio web.', true, true, false, false)
on conflict (tipo_carta) do nothing;
