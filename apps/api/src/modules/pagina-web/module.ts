import type { ApiModule } from '../../platform/module.ts';
import { paginaWebJobs } from './pagina-web.jobs.ts';
import { paginaWebRoutes } from './pagina-web.routes.ts';
import { sitioRoutes } from './sitio.routes.ts';

export const apiModule: ApiModule = {
  routes: paginaWebRoutes,
  // The public site of each company: server-rendered HTML, outside the API and the SPA.
  rootRoutes: sitioRoutes,
  jobs: paginaWebJobs,
};
