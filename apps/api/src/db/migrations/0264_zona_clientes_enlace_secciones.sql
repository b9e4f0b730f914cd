-- Zona clientes (issue 31): login links, the sections each kind of client sees, and e-mail to the client.

-- A link is either for choosing a password (invitation, forgotten password) or for logging in without one
-- («Ingresar con un enlace»); a new link of one kind voids only the earlier unused links of that kind.
alter table cliente_portal_invitacion add column tipo text not null default 'clave' check (tipo in ('clave', 'ingreso'));

-- Per kind of client (propietarios, arrendatarios, codeudores), the portal sections shown to them.
alter table zona_clientes_config add column secciones jsonb not null default '{
  "propietarios": ["promocion", "cotizaciones", "novedades", "contratos", "inventarios", "firmados", "documentos", "mantenimiento"],
  "arrendatarios": ["novedades", "contratos", "inventarios", "firmados", "documentos", "mantenimiento"],
  "codeudores": ["novedades", "contratos", "firmados", "documentos"]
}'::jsonb;
-- Whether a client gets an e-mail when a request of theirs gets a step they can see.
alter table zona_clientes_config add column avisar_cliente boolean not null default true;
-- Who receives new maintenance requests (notice 701): these users when any is chosen, else every active
-- user with Solicitudes de mantenimiento.
alter table zona_clientes_config add column receptores integer[] not null default '{}';
