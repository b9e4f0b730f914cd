-- Indexes for the reports (issue 33, docs/benchmarks/informes.md): each serves a report's default query
-- on a company with 100,000 properties, 200,000 citas and 100,000 leads.

-- Propiedades retiradas por causal and gestión comercial: the changes to one estado in a period.
create index inmueble_estado_historial_hasta_ix on inmueble_estado_historial (id_empresa, hasta, fecha);

-- Inmuebles no visitados: a property's last visit done, read from the index alone.
create index cita_visita_ix on cita (id_empresa, id_inmueble, inicio) where estado = 'realizada';

-- Propiedades consignadas: the properties consigned in a period.
create index inmueble_consignacion_ix on inmueble (id_empresa, fecha_consignacion) where fecha_consignacion is not null;

-- Clientes atendidos, their register and gestión comercial: the leads that came in, or closed, in a period.
create index cliente_atendido_ingreso_ix on cliente_atendido (id_empresa, fecha_ingreso);
create index cliente_atendido_cierre_ix on cliente_atendido (id_empresa, fecha_cierre) where fecha_cierre is not null;
