import type { ApiModule } from '../../platform/module.ts';
import { gestionDocumentalJobs } from './gestion-documental.jobs.ts';
import { gestionDocumentalRoutes } from './radicados.routes.ts';

export const apiModule: ApiModule = {
  routes: gestionDocumentalRoutes,
  jobs: gestionDocumentalJobs,
};
