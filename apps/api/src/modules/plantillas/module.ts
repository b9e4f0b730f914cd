import type { ApiModule } from '../../platform/module.ts';
import { plantillasRoutes } from './plantillas.routes.ts';

export const apiModule: ApiModule = {
  routes: plantillasRoutes,
};
