-- Gestión documental (issue 28): the search walks the radicados newest first checking each word in the
-- number and asunto (strpos) or the tercero's id; this index holds that order and what the check reads,
-- so a word few radicados have is looked for without visiting the table (index-only; 200,000 radicados,
-- docs/benchmarks/gestion-documental.md).
create index radicado_busqueda_ix on radicado (id_empresa, anio desc, numero desc, id desc) include (texto_busqueda, id_tercero);
