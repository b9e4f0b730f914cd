-- A signed document is filed in gestión documental (issue 29) by the job firmas.radicar after the last
-- signature commits; this is the radicado it was filed as. Documents an inventory sent are filed by the
-- inventory instead (one radicado per document).
alter table firma_documento add column id_radicado integer;
alter table firma_documento add constraint firma_documento_radicado_fk foreign key (id_empresa, id_radicado)
  references radicado (id_empresa, id) on delete set null (id_radicado);
