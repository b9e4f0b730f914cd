import type { ApiModule } from '../../platform/module.ts';
import { agendaJobs } from './agenda.jobs.ts';
import { agendaRoutes } from './agenda.routes.ts';

export const apiModule: ApiModule = {
  routes: agendaRoutes,
  jobs: agendaJobs,
};
