import type { ApiModule } from '../../platform/module.ts';
import { maestrosRoutes } from './maestros.routes.ts';

export const apiModule: ApiModule = {
  routes: maestrosRoutes,
};
