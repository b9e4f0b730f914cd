-- Nightly reconciliation of the portals (issue 34, docs/portales.md «Conciliación nocturna»): each night a
-- job reads from the portal the state of every listing Predio believes published and corrects the local
-- state. The last pass of each portal is kept on its settings row for the sync-health panel: when it ran,
-- how many listings it read, the differences it fixed and, when the portal failed, why (in Spanish).
alter table portal_config add column conciliado_en timestamptz;
alter table portal_config add column conciliacion jsonb not null default '{}'::jsonb;
