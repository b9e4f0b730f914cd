import type { ApiModule } from '../../platform/module.ts';
import { contratosRoutes } from './contratos.routes.ts';

export const apiModule: ApiModule = {
  routes: contratosRoutes,
};
