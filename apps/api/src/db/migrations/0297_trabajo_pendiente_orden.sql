-- The runner claims the next due jobs in order of (ejecutar_en, id): with the id in the index, that is a
-- scan that stops after the few it claims, however many thousands are queued (a bulk publication to a
-- portal enqueues one job per property, all due at the same instant).
drop index if exists trabajo_pendiente_ix;
create index trabajo_pendiente_ix on trabajo (ejecutar_en, id) where estado = 'pendiente';
