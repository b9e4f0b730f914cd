-- Notice 204 tells the asesores twice now: while the consignment is about to end («por_vencer», up to
-- 30 days before) and once it has ended with the property still on the market («vencida», within the
-- week after). Each is recorded once per property, end date, asesor and kind.
alter table inmueble_consignacion_aviso add column aviso text not null default 'por_vencer';
alter table inmueble_consignacion_aviso drop constraint inmueble_consignacion_aviso_pkey;
alter table inmueble_consignacion_aviso add primary key (id_empresa, id_inmueble, vigencia, id_usuario, aviso);
update notificacion_tipo
set descripcion = 'Cuando está por vencer, o venció, el contrato de consignación de un inmueble suyo que sigue en oferta.'
where tipo_carta = 204;
