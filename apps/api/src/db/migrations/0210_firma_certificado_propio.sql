-- Issue 29: the company may upload its own PKCS#12 for the seal (its issuer is shown beside its
-- subject), and may name an RFC 3161 time-stamping authority whose token goes into every seal.
alter table firma_certificado
  add column emisor text,
  add column url_tsa text;
