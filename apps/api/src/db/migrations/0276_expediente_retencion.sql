-- Gestión documental (issue 28): retention of expedientes. A closed expediente stays in the archivo de
-- gestión until vence_gestion, is then transferred to the central until vence_central, and then gets its
-- subserie's disposición final: kept (conservado) or eliminated with an acta de eliminación. A legal hold
-- (retencion_legal) stops the elimination while a process or an authority needs the documents.
-- The expediente row and its radicados are never deleted: «eliminado» is the archival phase, and the acta
-- (an archivo of owner «expediente», category «acta») is the proof of what was destroyed, when and by whom.

alter table expediente
  add column fase text not null default 'gestion' check (fase in ('gestion', 'central', 'eliminado', 'conservado')),
  add column transferido_en date,
  add column transferido_por text,
  add column dispuesto_en date,
  add column dispuesto_por text,
  add column motivo_disposicion text,
  add column retencion_legal boolean not null default false,
  add column motivo_retencion text,
  add column retencion_por text,
  add column retencion_en timestamptz,
  -- The acta is kept: a foreign key without cascade refuses deleting its file while it is linked.
  add column id_acta integer references archivo (id),
  add constraint expediente_fase_ck check (fase = 'gestion' or estado = 'cerrado'),
  add constraint expediente_retencion_ck check (not retencion_legal or motivo_retencion is not null),
  add constraint expediente_eliminado_ck check (fase <> 'eliminado' or (id_acta is not null and motivo_disposicion is not null));

-- The retention view reads what is due per phase.
create index expediente_retencion_ix on expediente (id_empresa, fase, vence_gestion, vence_central) where estado = 'cerrado';

create trigger expediente_borra_archivos after delete on expediente
  for each row execute function archivo_borrar_de_dueno('expediente', 'id');
