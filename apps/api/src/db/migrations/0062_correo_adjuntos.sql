-- Messages to clients: files attached (each a key in the storage layer, written before the row) and
-- the address a reply should go to (the asesor), beside the company's sender address.
alter table correo_salida add column adjuntos jsonb not null default '[]'::jsonb;
alter table correo_salida add column responder_a text;
