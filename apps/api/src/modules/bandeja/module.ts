import type { ApiModule } from '../../platform/module.ts';
import { bandejaJobs } from './bandeja.jobs.ts';
import { bandejaRoutes } from './bandeja.routes.ts';

export const apiModule: ApiModule = {
  routes: bandejaRoutes,
  jobs: bandejaJobs,
};
