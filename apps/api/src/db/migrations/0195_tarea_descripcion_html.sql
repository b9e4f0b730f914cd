-- A task's description becomes rich text (issue 26): the column holds allow-listed HTML from now on.
-- Every description written before is plain text, so each becomes what the editor would make of it, as
-- textoAHtml (packages/contract/src/texto-rico.ts) does: escaped, a blank line starts a paragraph, a single
-- line break stays one. The web still shows a plain-text value as text, for a process not yet updated.
update tarea
set descripcion = '<p>' || replace(
    regexp_replace(
      replace(replace(replace(btrim(replace(descripcion, E'\r\n', E'\n'), E' \n\t\r'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'),
      E'\n{2,}', '</p><p>', 'g'),
    E'\n', '<br>') || '</p>'
where btrim(descripcion, E' \n\t\r') <> '';
