-- Inventarios signed at a distance (issue 30): the inventory's PDF goes out through firmas electrónicas.
-- While that document is out the inventory is read-only; when everyone has signed, the sealed PDF closes it.
alter table inventario add column id_firma_documento integer;
alter table inventario add constraint inventario_firma_documento_fk
  foreign key (id_empresa, id_firma_documento) references firma_documento (id_empresa, id);
create index inventario_firma_documento_ix on inventario (id_empresa, id_firma_documento)
  where id_firma_documento is not null;
