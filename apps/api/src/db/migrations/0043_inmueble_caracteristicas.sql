-- A property's features, chosen from the company's catalogue (caracteristicas_inmueble, a master).
create unique index if not exists caracteristicas_inmueble_empresa_id_uk on caracteristicas_inmueble (id_empresa, id);

create table inmueble_caracteristica (
  id_empresa integer not null default nullif(current_setting('app.empresa', true), '')::integer references empresa (id_empresa),
  id_inmueble integer not null,
  id_caracteristica integer not null,
  primary key (id_empresa, id_inmueble, id_caracteristica),
  constraint inmueble_caracteristica_inmueble_fk foreign key (id_empresa, id_inmueble) references inmueble (id_empresa, id) on delete cascade,
  constraint inmueble_caracteristica_caracteristica_fk foreign key (id_empresa, id_caracteristica)
    references caracteristicas_inmueble (id_empresa, id)
);
-- The search's "has every one of these features" filter starts from the feature.
create index inmueble_caracteristica_caracteristica_ix on inmueble_caracteristica (id_empresa, id_caracteristica, id_inmueble);
