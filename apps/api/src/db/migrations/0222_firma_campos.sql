-- Firmas electrónicas (issue 29): fields the sender drags onto the PDF's pages for each signer
-- (signature, initials, name, date, text, checkbox), filled on the public page and stamped at their
-- place in the sealed PDF. Positions are fractions of the page from its top-left corner.

create table firma_campo (
  id serial primary key,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_documento integer not null,
  id_firmante integer not null references firma_firmante (id) on delete cascade,
  tipo text not null check (tipo in ('firma', 'iniciales', 'nombre', 'fecha', 'texto', 'casilla')),
  pagina integer not null check (pagina >= 1),
  x double precision not null check (x >= 0 and x <= 1),
  y double precision not null check (y >= 0 and y <= 1),
  ancho double precision not null check (ancho > 0 and x + ancho <= 1.000001),
  alto double precision not null check (alto > 0 and y + alto <= 1.000001),
  obligatorio boolean not null default true,
  valor text,
  constraint firma_campo_documento_fk foreign key (id_empresa, id_documento)
    references firma_documento (id_empresa, id) on delete cascade
);
create index firma_campo_documento_ix on firma_campo (id_empresa, id_documento, id);
create index firma_campo_firmante_ix on firma_campo (id_firmante);

-- The original's page sizes in PDF points ([{ancho, alto}]), read once from the PDF when the placement
-- screen or the signing page first asks, so neither opens the PDF again for them.
alter table firma_documento add column paginas jsonb;
