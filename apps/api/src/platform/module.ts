import type { FastifyInstance } from 'fastify';
import type { Deps } from './deps.ts';
import type { Trabajos } from './jobs/trabajos.ts';

/**
 * What a folder of `apps/api/src/modules/` gives the server, exported as `apiModule` from its
 * `module.ts`. The server finds the folders by itself (`modules/registry.ts`), so a new module is
 * registered by creating that file; docs/adding-a-module.md walks through it.
 */
export type ApiModule = {
  /** Registers the module's routes under `/api`. */
  routes: (api: FastifyInstance, deps: Deps) => void;
  /** Routes outside `/api` (the public site), registered in a plugin of their own. */
  rootRoutes?: (app: FastifyInstance, deps: Deps) => void;
  /** Defines the module's jobs, and their schedule, on the process's runner (docs/jobs.md). */
  jobs?: (ctx: JobContext) => void;
};

/** What a module's jobs are defined with: the runner, the server's dependencies and its clock. */
export type JobContext = { runner: Trabajos; deps: Deps; now: () => Date };
