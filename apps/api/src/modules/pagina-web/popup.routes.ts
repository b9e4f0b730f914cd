import type { FastifyInstance } from 'fastify';
import { zListaAcotada } from '@predio/contract/list';
import { ZBorrado, ZEmpresaPublicaParam, ZRegistroParam } from '@predio/contract/pagina-web';
import { IDM_POPUP, ZPopup, ZPopupForm, ZPopupPublico, ZPopupsQuery } from '@predio/contract/pagina-web-popup';
import { CATEGORIA_FOTO, registrarDueno } from '../../platform/archivos/duenos.ts';
import type { Deps } from '../../platform/deps.ts';
import { defineRoute } from '../../platform/http/route.ts';
import * as service from './popup.service.ts';
import { leerPublico } from './publico.http.ts';

const tags = ['pagina-web'];

/** Página web > Popup de inicio (idm 10538): CRUD, its image, and the public read of the current one. */
export function popupRoutes(app: FastifyInstance, deps: Deps): void {
  registrarDueno({
    tipo: 'popup',
    nombre: 'El popup',
    leer: [IDM_POPUP],
    escribir: [IDM_POPUP],
    resolver: async (tx, clave) => {
      const n = Number(clave);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      return (await service.existe(tx, n)) ? String(n) : null;
    },
    categorias: { imagen: { ...CATEGORIA_FOTO, maxPorDueno: 1, plural: 'imágenes' } },
    categoriaPorDefecto: 'imagen',
    entidadAuditoria: service.ENTIDAD_POPUP,
  });
  const P = IDM_POPUP;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/paginaweb/popupinicio',
    permiso: P,
    schema: { response: zListaAcotada(ZPopup), querystring: ZPopupsQuery, tags, summary: 'Popups de inicio del sitio' },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/paginaweb/popupinicio',
    permiso: P,
    schema: { response: ZPopup, body: ZPopupForm, tags, summary: 'Crea un popup de inicio' },
    handler: ({ tx, user, req, body }) => service.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/paginaweb/popupinicio/:id',
    permiso: P,
    schema: { response: ZPopup, params: ZRegistroParam, body: ZPopupForm, tags, summary: 'Modifica un popup de inicio' },
    handler: ({ tx, user, req, params, body }) => service.actualizar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/paginaweb/popupinicio/:id',
    permiso: P,
    schema: { response: ZBorrado, params: ZRegistroParam, tags, summary: 'Elimina un popup de inicio y su imagen' },
    handler: ({ tx, user, req, params }) => service.borrar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/publico/:empresa/popup',
    permiso: 'publico',
    schema: {
      response: ZPopupPublico.nullable(),
      params: ZEmpresaPublicaParam,
      tags,
      summary: 'Público: el popup de inicio vigente (o null) y su frecuencia',
    },
    handler: ({ deps: d, req, reply, params }) =>
      leerPublico(d, req, reply, params.empresa, (tx) => service.vigente(tx, params.empresa)),
  });
}
