import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { SessionCache } from './auth/principal.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Hub } from './realtime/hub.ts';
import type { Storage } from './storage/storage.ts';

/** Everything a handler may need; built once in main.ts and by each test. */
export type Deps = {
  config: Config;
  db: Database;
  tokens: TokenService;
  sessions: SessionCache;
  storage: Storage;
  hub: Hub;
  mailer: Mailer;
};
