import type { ApiModule } from '../../platform/module.ts';
import { inmueblesUtilidadesRoutes } from './inmuebles-utilidades.routes.ts';

export const apiModule: ApiModule = {
  routes: inmueblesUtilidadesRoutes,
};
