import type { ApiModule } from '../../platform/module.ts';
import { inventariosRoutes } from './inventarios.routes.ts';

export const apiModule: ApiModule = {
  routes: inventariosRoutes,
};
