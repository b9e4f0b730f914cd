import type { ApiModule } from '../../platform/module.ts';
import { inicioRoutes } from './inicio.routes.ts';

export const apiModule: ApiModule = {
  routes: inicioRoutes,
};
