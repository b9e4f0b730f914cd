import type { ApiModule } from '../../platform/module.ts';
import { empresaRoutes } from './empresa.routes.ts';

export const apiModule: ApiModule = {
  routes: empresaRoutes,
};
