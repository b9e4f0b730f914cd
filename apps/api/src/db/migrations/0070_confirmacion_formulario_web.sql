-- The website form answers a visitor who left an e-mail with a confirmation that their request arrived
-- (its number and type, the agency's phones). Compañía › Formulario del sitio web can turn it off.
alter table empresa add column confirmar_formulario_web boolean not null default true;
