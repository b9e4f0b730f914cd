import { join } from 'node:path';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { SessionCache } from './platform/auth/principal.ts';
import { TokenService } from './platform/auth/tokens.ts';
import { permitirDestinosInternos } from './platform/http/destinos.ts';
import type { Deps } from './platform/deps.ts';
import { Mailer } from './platform/mail/mailer.ts';
import { Hub } from './platform/realtime/hub.ts';
import { pgBus } from './platform/realtime/pg-bus.ts';
import { s3Storage } from './platform/storage/s3.ts';
import { localStorage } from './platform/storage/storage.ts';

export function createDeps(config: Config, db: Database, onError: (err: unknown) => void = () => undefined): Deps {
  // Process-wide: every call to an address a company typed goes through the same guard.
  permitirDestinosInternos(config.destinosInternos);
  const storage = config.storage.tipo === 's3' ? s3Storage(config.storage) : localStorage(join(config.dataDir, 'files'));
  return {
    config,
    db,
    tokens: new TokenService(config.sessionSecret),
    sessions: new SessionCache(),
    storage,
    hub: new Hub(config.databaseUrl ? pgBus(config.databaseUrl) : null),
    mailer: new Mailer(db, config.smtpUrl, onError, config.publicUrl, storage),
  };
}
