import type { ApiModule } from '../../platform/module.ts';
import { inventariosJobs } from './inventarios.jobs.ts';
import { inventariosRoutes } from './inventarios.routes.ts';

export const apiModule: ApiModule = {
  routes: inventariosRoutes,
  jobs: inventariosJobs,
};
