-- Requests from the agency's own website (issue 4 §2): its contact form posts to
-- /api/publico/solicitudes with this key, which names the company without exposing its number and can
-- be changed if it leaks. Null: the form is off.
alter table empresa add column clave_formulario_web text;
create unique index empresa_clave_formulario_web_uk on empresa (clave_formulario_web) where clave_formulario_web is not null;
