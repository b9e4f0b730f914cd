import type { ApiModule } from '../../platform/module.ts';
import { auditoriaRoutes } from './auditoria.routes.ts';

export const apiModule: ApiModule = {
  routes: auditoriaRoutes,
};
