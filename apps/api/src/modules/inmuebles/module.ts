import type { ApiModule } from '../../platform/module.ts';
import { inmueblesJobs } from './inmuebles.jobs.ts';
import { inmueblesArchivosRoutes } from './inmuebles-archivos.routes.ts';
import { inmueblesRoutes } from './inmuebles.routes.ts';

export const apiModule: ApiModule = {
  routes: (api, deps) => {
    inmueblesRoutes(api, deps);
    inmueblesArchivosRoutes(api, deps);
  },
  jobs: inmueblesJobs,
};
