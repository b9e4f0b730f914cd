import type { ApiModule } from '../../platform/module.ts';
import { firmasJobs } from './firmas.jobs.ts';
import { firmasRoutes } from './firmas.routes.ts';

export const apiModule: ApiModule = {
  routes: firmasRoutes,
  jobs: firmasJobs,
};
