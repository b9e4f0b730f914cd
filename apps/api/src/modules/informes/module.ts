import type { ApiModule } from '../../platform/module.ts';
import { informesJobs } from './informes.jobs.ts';
import { informesRoutes } from './informes.routes.ts';

export const apiModule: ApiModule = {
  routes: informesRoutes,
  jobs: informesJobs,
};
