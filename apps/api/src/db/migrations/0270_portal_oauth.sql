-- Mercado Libre (issue 34) authorises with OAuth2 (authorization code): its access and refresh tokens are
-- kept encrypted like the other credentials, and the pending authorisation's state (a hash, with its
-- expiry) is checked when Mercado Libre sends the person back to authmercadolibre.
alter table portal_config add column if not exists oauth text not null default '';
alter table portal_config add column if not exists oauth_estado text;
alter table portal_config add column if not exists oauth_estado_vence timestamptz;
