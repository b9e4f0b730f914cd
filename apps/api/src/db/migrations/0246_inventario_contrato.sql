-- Inventarios (issue 30): the contract an inventory belongs to (a lease's entrega and devolución, a
-- mandate's captación). Optional: inventories taken before the contract exists, or with no contract, stay
-- without one. Deleting a contract leaves its inventories (they are the evidence), unlinked.
alter table inventario add column id_contrato integer;
alter table inventario add constraint inventario_contrato_fk foreign key (id_empresa, id_contrato)
  references contrato (id_empresa, id) on delete set null (id_contrato);
create index inventario_contrato_ix on inventario (id_empresa, id_contrato) where id_contrato is not null;
