import type { ApiModule } from '../../platform/module.ts';
import { clientesRoutes } from './clientes.routes.ts';

export const apiModule: ApiModule = {
  routes: clientesRoutes,
};
