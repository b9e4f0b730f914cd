-- Firmas electrónicas (issue 29): each signer's link and one-time code go by e-mail, SMS or WhatsApp
-- (platform/mensajes). The mobile is kept in E.164; the code's channel and masked destination at the
-- time it was sent are evidence printed in the certificate of completion.
alter table firma_firmante
  add column canal text not null default 'correo' check (canal in ('correo', 'sms', 'whatsapp')),
  add column celular text not null default '',
  add column codigo_canal text check (codigo_canal in ('correo', 'sms', 'whatsapp')),
  add column codigo_destino text;
