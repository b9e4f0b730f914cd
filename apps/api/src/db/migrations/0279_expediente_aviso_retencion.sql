-- Gestión documental (issue 28): the daily job tells the company's archive users when a closed expediente
-- falls due for its next archival step. Each column holds the due date already told, so each expediente is
-- told once per stage (a clock moved by reopening and closing again is told again).

alter table expediente
  add column avisado_gestion date,
  add column avisado_central date;
-- The job scans with expediente_retencion_ix (migration 0276).
