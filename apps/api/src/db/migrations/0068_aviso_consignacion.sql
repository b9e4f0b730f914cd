-- Notice 204 («Vencimiento de consignación»): the daily pass tells each asesor of a property once per
-- consignment end date. A renewed consignment (a new date) or a new asesor is told again.
create table inmueble_consignacion_aviso (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  vigencia date not null,
  id_usuario integer not null,
  fecha timestamptz not null default now(),
  primary key (id_empresa, id_inmueble, vigencia, id_usuario),
  constraint inmueble_consignacion_aviso_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade
);
-- The daily pass and the search's «Consignación vencida / por vencer» look properties up by that date.
create index inmueble_vigencia_consignacion_ix on inmueble (id_empresa, vigencia_consignacion) where vigencia_consignacion is not null;
