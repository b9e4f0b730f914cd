-- Correos y SMS (issue 27): WhatsApp Cloud API delivery statuses arrive by webhook, signed by Meta with the
-- company's App Secret (X-Hub-Signature-256). The secret is AES-256-GCM ciphertext, as `credenciales`:
-- the API never answers it.
alter table mensaje_proveedor add column secreto_webhook text not null default '';
