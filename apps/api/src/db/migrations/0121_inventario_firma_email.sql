-- Issue 30: the closed inventory's PDF is e-mailed to the parties who signed and left an address.
alter table inventario_firma add column email text not null default '';
