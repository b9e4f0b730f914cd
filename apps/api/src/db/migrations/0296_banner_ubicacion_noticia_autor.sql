-- Página web (issue 32): where on the site a banner shows, and a news' author as a user of the company.

-- A banner belongs to one spot of the public site: the home's main band, the home's second band (between
-- the properties and the news), the top of the property search or the top of the news list. Existing
-- banners were all on the home's band.
alter table banner
  add column ubicacion text not null default 'inicio_principal',
  add constraint banner_ubicacion_ck check (ubicacion in ('inicio_principal', 'inicio_secundario', 'busqueda', 'noticias'));
create index banner_ubicacion_ix on banner (id_empresa, ubicacion, orden, id);

-- The author is chosen among the company's users; the old free text (noticia.autor) stays readable for the
-- rows written before, and is what a news without id_autor shows. A user who is deleted leaves it empty.
alter table noticia add column id_autor integer references usuarios (id) on delete set null;

-- Old rows whose text names exactly one user of the company (by name or login, any capitals) get that user.
update noticia n set id_autor = m.id
from (
  select n2.id as id_noticia, min(u.id) as id
  from noticia n2
  join usuarios u on u.id_empresa = n2.id_empresa
   and trim(n2.autor) <> ''
   and (lower(trim(n2.autor)) = lower(trim(u.nombre)) or lower(trim(n2.autor)) = lower(u.usuario))
  group by n2.id
  having count(*) = 1
) m
where m.id_noticia = n.id;
