import type { ApiModule } from '../../platform/module.ts';
import { usuariosAdminRoutes } from './usuarios-admin.routes.ts';
import { usuariosRoutes } from './usuarios.routes.ts';

export const apiModule: ApiModule = {
  routes: (api, deps) => {
    usuariosRoutes(api, deps);
    usuariosAdminRoutes(api, deps);
  },
};
