-- Gestión documental (issue 28): the text of each PDF filed with a radicado, extracted with pdftotext by
-- the job gestion-documental.extraer-texto after the file is recorded, so the search finds a radicado by
-- a word inside its documents. Spanish full text on the unaccented text: «contratos» finds «Contrato».

create table radicado_texto (
  id_archivo integer primary key references archivo (id) on delete cascade,
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_radicado integer not null,
  -- Lower-cased and unaccented, cut at 1 MB of text (a scanned book says nothing more to the search).
  texto text not null,
  documento tsvector not null,
  extraido_en timestamptz not null default now(),
  constraint radicado_texto_id_radicado_fk foreign key (id_empresa, id_radicado) references radicado (id_empresa, id) on delete cascade
);
create index radicado_texto_documento_ix on radicado_texto using gin (documento);
create index radicado_texto_radicado_ix on radicado_texto (id_empresa, id_radicado);
