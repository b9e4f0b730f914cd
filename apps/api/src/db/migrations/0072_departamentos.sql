-- Migration 0069 renamed a municipio only where both its name and its department were still the DANE
-- file's; one whose name a company had edited kept its department in capitals («Itagüí (Aburrá Sur)
-- (ANTIOQUIA)»). The 33 departments are renamed on their own here, wherever they are still as the
-- file wrote them.
update municipios m set departamento = v.nuevo
from (values
  ('AMAZONAS', 'Amazonas'),
  ('ANTIOQUIA', 'Antioquia'),
  ('ARAUCA', 'Arauca'),
  ('ATLÁNTICO', 'Atlántico'),
  ('BOGOTÁ D.C.', 'Bogotá D.C.'),
  ('BOLÍVAR', 'Bolívar'),
  ('BOYACÁ', 'Boyacá'),
  ('CALDAS', 'Caldas'),
  ('CAQUETÁ', 'Caquetá'),
  ('CASANARE', 'Casanare'),
  ('CAUCA', 'Cauca'),
  ('CESAR', 'Cesar'),
  ('CHOCÓ', 'Chocó'),
  ('CUNDINAMARCA', 'Cundinamarca'),
  ('CÓRDOBA', 'Córdoba'),
  ('GUAINÍA', 'Guainía'),
  ('GUAVIARE', 'Guaviare'),
  ('HUILA', 'Huila'),
  ('LA GUAJIRA', 'La Guajira'),
  ('MAGDALENA', 'Magdalena'),
  ('META', 'Meta'),
  ('NARIÑO', 'Nariño'),
  ('NORTE DE SANTANDER', 'Norte de Santander'),
  ('PUTUMAYO', 'Putumayo'),
  ('QUINDÍO', 'Quindío'),
  ('RISARALDA', 'Risaralda'),
  ('SAN ANDRÉS', 'San Andrés'),
  ('SANTANDER', 'Santander'),
  ('SUCRE', 'Sucre'),
  ('TOLIMA', 'Tolima'),
  ('VALLE DEL CAUCA', 'Valle del Cauca'),
  ('VAUPÉS', 'Vaupés'),
  ('VICHADA', 'Vichada')
) as v(antes, nuevo)
where m.departamento = v.antes;
