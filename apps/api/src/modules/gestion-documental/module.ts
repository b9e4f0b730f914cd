import type { ApiModule } from '../../platform/module.ts';
import { gestionDocumentalRoutes } from './radicados.routes.ts';

export const apiModule: ApiModule = {
  routes: gestionDocumentalRoutes,
};
