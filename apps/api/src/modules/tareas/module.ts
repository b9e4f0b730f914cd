import type { ApiModule } from '../../platform/module.ts';
import { tareasJobs } from './tareas.jobs.ts';
import { tareasRoutes } from './tareas.routes.ts';

export const apiModule: ApiModule = {
  routes: tareasRoutes,
  jobs: tareasJobs,
};
