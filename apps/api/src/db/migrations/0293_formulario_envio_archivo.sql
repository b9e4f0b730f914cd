-- Página web > Formularios (issue 32): a form's file field keeps the visitor's file as an `archivo` of
-- owner type `formulario_envio` (the envío's id). An envío deleted (alone or with its form) takes its
-- file rows with it; the bytes are left to the nightly unused-files job.
create trigger formulario_envio_borra_archivos after delete on formulario_envio
  for each row execute function archivo_borrar_de_dueno('formulario_envio', 'id');
