import type { ApiModule } from '../../platform/module.ts';
import { correoRoutes } from './correo.routes.ts';

export const apiModule: ApiModule = {
  routes: correoRoutes,
};
