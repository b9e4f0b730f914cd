-- The kinds of consignment notice 204 records (0071): only the two the daily pass writes.
alter table inmueble_consignacion_aviso
  add constraint inmueble_consignacion_aviso_aviso_ck check (aviso in ('por_vencer', 'vencida'));
