-- The code is now unique through municipios_codigo_dane_uk (0003), whose name the API maps to
-- "Código DANE"; the foundation's constraint would fire first and go unnamed.
alter table municipios drop constraint if exists municipios_id_empresa_codigo_dane_key;
