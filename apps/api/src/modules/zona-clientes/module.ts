import type { ApiModule } from '../../platform/module.ts';
import { zonaClientesRoutes } from './zona-clientes.routes.ts';

export const apiModule: ApiModule = {
  routes: zonaClientesRoutes,
};
