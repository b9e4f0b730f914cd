import type { ApiModule } from '../../platform/module.ts';
import { portalesJobs } from './portales.jobs.ts';
import { portalesRoutes } from './portales.routes.ts';

export const apiModule: ApiModule = {
  routes: portalesRoutes,
  jobs: portalesJobs,
};
