import type { FastifyInstance } from 'fastify';
import {
  IDM_INVENTARIOS,
  IDM_PLANTILLAS_INVENTARIO,
  ZCategoriaForm,
  ZContratosInventarioQuery,
  ZDetalleCambios,
  ZDetalleParam,
  ZEspacioNuevo,
  ZFirmaForm,
  ZFirmaParam,
  ZFirmaRemotaForm,
  ZIdParam,
  ZInventarioCambios,
  ZInventarioForm,
  ZInventariosExportarQuery,
  ZInventariosQuery,
  ZItemForm,
  ZOrdenForm,
  ZParteForm,
  ZParteParam,
  ZPlantillaAsistente,
  ZTercerosInventarioQuery,
  ZPlantillaForm,
  ROLES_FIRMA,
  ZCategoria,
  ZCategoriaConItems,
  ZComparacion,
  ZContratoInventario,
  ZDetalle,
  ZInventario,
  ZInventarioFila,
  ZItem,
  ZOpcionesInventario,
  ZPlantilla,
  ZPlantillaConCategorias,
  ZTerceroInventario,
} from '@predio/contract/inventarios';
import { zListResult } from '@predio/contract/list';
import { z } from 'zod';
import { CODES } from '@predio/contract/codes';
import { ZConsecutivoParam } from '@predio/contract/campos';
import { registrarDueno } from '../../platform/archivos/duenos.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { enviarArchivo } from '../../platform/http/archivo.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';
import { defineRoute } from '../../platform/http/route.ts';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { cifradorDe } from '../../platform/mensajes/cifrado.ts';
import { registrarAlCompletar } from '../firmas/firmas.service.ts';
import * as plantillas from './plantillas-inventario.service.ts';
import * as service from './inventarios.service.ts';
import * as repo from './inventarios.repo.ts';

const tags = ['inventarios'];
const P = IDM_PLANTILLAS_INVENTARIO;
const I = IDM_INVENTARIOS;

/** Inventarios: templates (idm 10593) and inventories (idm 496). */
export function inventariosRoutes(app: FastifyInstance, deps: Deps): void {
  // An item's photos: taken with the phone's camera while the inventory is open.
  registrarDueno({
    tipo: 'inventario_detalle',
    nombre: 'El ítem de inventario',
    leer: [I],
    escribir: [I],
    resolver: async (tx, clave, escribir) => {
      if (!/^\d{1,9}$/.test(clave)) return null;
      const r = await repo.estadoDeDetalle(tx, Number(clave), escribir);
      return r ? clave : null;
    },
    antesDeEscribir: (o) => service.detalleAbierto(o.tx, Number(o.clave)),
    categorias: { foto: service.CATEGORIA_FOTO_INVENTARIO },
    categoriaPorDefecto: 'foto',
    entidadAuditoria: service.ENTIDAD_INVENTARIO,
  });
  // The inventory's own files are the PDFs the system files when closing it; nobody uploads or deletes them.
  registrarDueno({
    tipo: 'inventario',
    nombre: 'El inventario',
    leer: [I],
    escribir: [I],
    resolver: async (tx, clave) => (/^\d{1,9}$/.test(clave) && (await repo.cabecera(tx, Number(clave))) ? clave : null),
    antesDeEscribir: () => {
      throw new AppError(
        CODES.CONFLICTO,
        'Los PDF de un inventario los archiva el sistema al cerrarlo: no se suben ni se eliminan a mano.',
      );
    },
    categorias: {
      pdf: { maxBytes: 50 * 1024 * 1024, recientesPrimero: true },
      acta: { maxBytes: 50 * 1024 * 1024, recientesPrimero: true },
    },
    categoriaPorDefecto: 'pdf',
    entidadAuditoria: service.ENTIDAD_INVENTARIO,
  });

  // ---- Plantillas (10593)
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/plantillas',
    permiso: P,
    schema: { response: z.array(ZPlantilla), tags, summary: 'Plantillas de inventario con su número de espacios e ítems' },
    handler: ({ tx }) => plantillas.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/plantillas',
    permiso: P,
    schema: { response: ZPlantilla, body: ZPlantillaForm, tags, summary: 'Crea una plantilla vacía' },
    handler: ({ tx, user, req, body }) => plantillas.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/plantillas/asistente',
    permiso: P,
    schema: {
      response: ZPlantilla,
      body: ZPlantillaAsistente,
      tags,
      summary: 'Crea una plantilla con sus espacios e ítems (asistente)',
    },
    handler: ({ tx, user, req, body }) => plantillas.asistente({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/plantillas/sugeridas',
    permiso: P,
    schema: {
      response: z.array(ZPlantilla),
      tags,
      summary: 'Crea las plantillas sugeridas (apartamento, casa, local, oficina) que falten',
    },
    handler: ({ tx, user, req }) => plantillas.crearSugeridas({ tx, user, ip: req.ip }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/plantillas/:id/categorias',
    permiso: P,
    schema: { response: ZPlantillaConCategorias, params: ZIdParam, tags, summary: 'Una plantilla y sus espacios en orden' },
    handler: ({ tx, params }) => plantillas.conCategorias({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inventarios/plantillas/:id',
    permiso: P,
    schema: { response: ZPlantilla, params: ZIdParam, body: ZPlantillaForm, tags, summary: 'Modifica una plantilla' },
    handler: ({ tx, user, req, params, body }) => plantillas.actualizar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inventarios/plantillas/:id',
    permiso: P,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZIdParam,
      tags,
      summary: 'Elimina una plantilla (los inventarios tomados con ella se conservan)',
    },
    handler: ({ tx, user, req, params }) => plantillas.borrar({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/plantillas/:id/categorias',
    permiso: P,
    schema: {
      response: ZCategoria,
      params: ZIdParam,
      body: ZCategoriaForm,
      tags,
      summary: 'Agrega un espacio al final de la plantilla',
    },
    handler: ({ tx, user, req, params, body }) => plantillas.crearCategoria({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inventarios/plantillas/:id/categorias/orden',
    permiso: P,
    schema: {
      response: z.array(ZCategoria),
      params: ZIdParam,
      body: ZOrdenForm,
      tags,
      summary: 'Ordena los espacios de la plantilla',
    },
    handler: ({ tx, user, req, params, body }) =>
      plantillas.ordenarCategorias({ tx, user, ip: req.ip, id: params.id, ids: body.ids }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/categorias/:id/items',
    permiso: P,
    schema: { response: ZCategoriaConItems, params: ZIdParam, tags, summary: 'Un espacio de plantilla y sus ítems en orden' },
    handler: ({ tx, params }) => plantillas.conItems({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inventarios/categorias/:id',
    permiso: P,
    schema: { response: ZCategoria, params: ZIdParam, body: ZCategoriaForm, tags, summary: 'Modifica un espacio' },
    handler: ({ tx, user, req, params, body }) => plantillas.actualizarCategoria({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inventarios/categorias/:id',
    permiso: P,
    schema: { response: z.object({ id: z.number() }), params: ZIdParam, tags, summary: 'Elimina un espacio y sus ítems' },
    handler: ({ tx, user, req, params }) => plantillas.borrarCategoria({ tx, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/categorias/:id/items',
    permiso: P,
    schema: { response: ZItem, params: ZIdParam, body: ZItemForm, tags, summary: 'Agrega un ítem al final del espacio' },
    handler: ({ tx, user, req, params, body }) => plantillas.crearItem({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inventarios/categorias/:id/items/orden',
    permiso: P,
    schema: { response: z.array(ZItem), params: ZIdParam, body: ZOrdenForm, tags, summary: 'Ordena los ítems del espacio' },
    handler: ({ tx, user, req, params, body }) => plantillas.ordenarItems({ tx, user, ip: req.ip, id: params.id, ids: body.ids }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inventarios/items/:id',
    permiso: P,
    schema: { response: ZItem, params: ZIdParam, body: ZItemForm, tags, summary: 'Modifica un ítem' },
    handler: ({ tx, user, req, params, body }) => plantillas.actualizarItem({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inventarios/items/:id',
    permiso: P,
    schema: { response: z.object({ id: z.number() }), params: ZIdParam, tags, summary: 'Elimina un ítem' },
    handler: ({ tx, user, req, params }) => plantillas.borrarItem({ tx, user, ip: req.ip, id: params.id }),
  });

  // ---- Inventarios (496)
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios',
    permiso: I,
    schema: {
      response: zListResult(ZInventarioFila),
      querystring: ZInventariosQuery,
      tags,
      summary: 'Inventarios con filtros (inmueble, tipo, estado, fechas, quién lo tomó)',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/exportar',
    permiso: I,
    schema: {
      response: FILE_RESPONSE,
      querystring: ZInventariosExportarQuery,
      tags,
      summary: 'Los inventarios del filtro en Excel o CSV',
    },
    handler: async ({ tx, query, reply }) => enviarArchivo(reply, await service.exportar({ tx, query })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/opciones',
    permiso: I,
    schema: { response: ZOpcionesInventario, tags, summary: 'Plantillas activas y usuarios para crear y filtrar inventarios' },
    handler: ({ tx }) => service.opciones({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/terceros',
    permiso: I,
    schema: {
      response: z.array(ZTerceroInventario),
      querystring: ZTercerosInventarioQuery,
      tags,
      summary: 'Terceros para elegir las partes presentes (20)',
    },
    handler: ({ tx, query }) => service.buscarTerceros({ tx, q: query.q, id: query.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/inmueble/:consecutivo',
    permiso: I,
    schema: {
      response: z.array(ZInventarioFila),
      params: ZConsecutivoParam,
      tags,
      summary: 'Inventarios de un inmueble, del más reciente al más antiguo',
    },
    handler: ({ tx, params }) => service.deInmueble({ tx, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/contratos',
    permiso: I,
    schema: {
      response: z.array(ZContratoInventario),
      querystring: ZContratosInventarioQuery,
      tags,
      summary: 'Contratos del inmueble que un inventario puede nombrar',
    },
    handler: ({ tx, query }) => service.contratosDeInmueble({ tx, consecutivo: query.consecutivo_inmueble }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/contrato/:id',
    permiso: I,
    schema: {
      response: z.array(ZInventarioFila),
      params: ZIdParam,
      tags,
      summary: 'Inventarios de un contrato, del más reciente al más antiguo',
    },
    handler: ({ tx, params }) => service.deContrato({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios',
    permiso: I,
    schema: {
      response: ZInventario,
      body: ZInventarioForm,
      tags,
      summary: 'Crea un inventario de un inmueble desde una plantilla (la devolución copia la entrega)',
    },
    handler: ({ tx, onCommit, user, req, body }) => service.crear({ tx, onCommit, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/:id',
    permiso: I,
    schema: { response: ZInventario, params: ZIdParam, tags, summary: 'Un inventario con sus espacios, ítems y firmas' },
    handler: ({ tx, params }) => service.obtener({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/inventarios/:id',
    permiso: I,
    schema: {
      response: ZInventario,
      params: ZIdParam,
      body: ZInventarioCambios,
      tags,
      summary: 'Cambia la fecha, las observaciones o el contrato',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.actualizar({ tx, onCommit, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inventarios/:id',
    permiso: I,
    schema: { response: z.object({ id: z.number() }), params: ZIdParam, tags, summary: 'Elimina un inventario en curso' },
    handler: ({ tx, onCommit, user, req, params }) => service.borrar({ tx, onCommit, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/inventarios/:id/detalles/:detalle',
    permiso: I,
    schema: {
      response: ZDetalle.pick({
        id: true,
        estado: true,
        comentario: true,
        cantidad: true,
        lectura: true,
        costo: true,
        responsable: true,
      }),
      params: ZDetalleParam,
      body: ZDetalleCambios,
      tags,
      summary: 'Guarda la respuesta de un ítem (idempotente)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.guardarDetalle({ tx, onCommit, user, ip: req.ip, id: params.id, detalle: params.detalle, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/:id/espacios',
    permiso: I,
    schema: {
      response: ZInventario,
      params: ZIdParam,
      body: ZEspacioNuevo,
      tags,
      summary: 'Repite un espacio (Alcoba 2) con sus ítems en blanco',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.repetirEspacio({ tx, onCommit, user, ip: req.ip, id: params.id, copiarDe: body.copiar_de }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/:id/partes',
    permiso: I,
    schema: {
      response: ZInventario,
      params: ZIdParam,
      body: ZParteForm,
      tags,
      summary: 'Agrega una parte presente (un tercero o un nombre)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.agregarParte({ tx, onCommit, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inventarios/:id/partes/:parte',
    permiso: I,
    schema: { response: ZInventario, params: ZParteParam, tags, summary: 'Quita una parte presente' },
    handler: ({ tx, onCommit, user, req, params }) =>
      service.quitarParte({ tx, onCommit, user, ip: req.ip, id: params.id, parte: params.parte }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/inventarios/:id/firmas/:rol',
    permiso: I,
    schema: {
      response: z.object({ rol: z.enum(ROLES_FIRMA), nombre: z.string() }),
      params: ZFirmaParam,
      body: ZFirmaForm,
      tags,
      summary: 'Guarda la firma dibujada de una de las partes',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.firmar({ tx, onCommit, user, ip: req.ip, id: params.id, rol: params.rol, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inventarios/:id/firmas/:rol',
    permiso: I,
    schema: {
      response: z.object({ rol: z.enum(ROLES_FIRMA) }),
      params: ZFirmaParam,
      tags,
      summary: 'Borra una firma para firmar de nuevo',
    },
    handler: ({ tx, onCommit, user, req, params }) =>
      service.quitarFirma({ tx, onCommit, user, ip: req.ip, id: params.id, rol: params.rol }),
  });
  const cifrador = cifradorDe(deps.config);
  registrarAlCompletar('inventarios', service.alFirmarTodos);
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/:id/firma-remota',
    permiso: I,
    schema: {
      response: ZInventario,
      params: ZIdParam,
      body: ZFirmaRemotaForm,
      tags,
      summary: 'Envía el PDF del inventario a firmar a distancia (firmas electrónicas) a las partes con correo',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.firmarADistancia({
        tx,
        onCommit,
        user,
        ip: req.ip,
        storage: deps.storage,
        mailer: deps.mailer,
        hub: deps.hub,
        cifrador,
        base: urlPublica(deps.mailer.urlPublica, req),
        id: params.id,
        body,
      }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/inventarios/:id/firma-remota',
    permiso: I,
    schema: { response: ZInventario, params: ZIdParam, tags, summary: 'Cancela la firma a distancia del inventario' },
    handler: ({ tx, onCommit, user, req, params }) =>
      service.cancelarFirmaRemota({ tx, onCommit, user, ip: req.ip, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/inventarios/:id/cerrar',
    permiso: I,
    schema: {
      response: ZInventario,
      params: ZIdParam,
      tags,
      summary: 'Cierra el inventario: genera y archiva el PDF (y el acta en una devolución)',
    },
    handler: ({ tx, onCommit, user, req, params }) =>
      service.cerrar({ tx, onCommit, user, ip: req.ip, storage: deps.storage, mailer: deps.mailer, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/:id/pdf',
    permiso: I,
    schema: {
      response: FILE_RESPONSE,
      params: ZIdParam,
      tags,
      summary: 'El PDF archivado del inventario cerrado (o un borrador si está en curso)',
    },
    handler: async ({ tx, onCommit, user, req, params, reply }) =>
      enviarArchivo(reply, await service.pdf({ tx, onCommit, user, ip: req.ip, storage: deps.storage, id: params.id })),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/:id/comparacion',
    permiso: I,
    schema: {
      response: ZComparacion,
      params: ZIdParam,
      tags,
      summary: 'La devolución ítem por ítem junto a la entrega, con costos y totales',
    },
    handler: ({ tx, params }) => service.comparacion({ tx, id: params.id }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/inventarios/:id/acta',
    permiso: I,
    schema: {
      response: FILE_RESPONSE,
      params: ZIdParam,
      tags,
      summary: 'El acta de restitución en PDF (diferencias, costos y quién paga)',
    },
    handler: async ({ tx, onCommit, user, req, params, reply }) =>
      enviarArchivo(reply, await service.acta({ tx, onCommit, user, ip: req.ip, storage: deps.storage, id: params.id })),
  });
}
