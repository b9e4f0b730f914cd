import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  IDM_CATEGORIAS_DOCUMENTOS_CLIENTES,
  IDM_CONFIGURAR_ZONA_CLIENTES,
  IDM_INFORMACION_ZONA_CLIENTES,
  IDM_SOLICITUDES_MANTENIMIENTO,
  ZAnuncioForm,
  ZAnunciosQuery,
  ZIdAnuncioParam,
  ZAutorizacion,
  ZCompartirDocumento,
  ZDocumentosClientesQuery,
  ZIdDocumentoParam,
  ZSubidaCategoria,
  ZSubirDocumentoPortal,
  ZConfigZonaClientes,
  ZConsecutivoMantenimiento,
  ZCotizacionForm,
  ZCotizacionParam,
  ZDecisionCotizacion,
  ZHabeasDataForm,
  ZIdHabeasDataParam,
  ZRespuestaHabeasData,
  ZIdCotizacionParam,
  COTIZACION_PDF_MAX_MB,
  ZEmpresaPortalParam,
  ZFotoParam,
  ZInvitacionForm,
  ZMantenimientoCambios,
  ZCostoMantenimiento,
  ZMantenimientoComentario,
  ZMantenimientoForm,
  ZMantenimientoQuery,
  ZPortalActivar,
  ZPortalLogin,
  ZPortalEntrar,
  ZIdClientePortalParam,
  ZActivoClientePortal,
  ZPortalRecuperar,
  ZAnuncio,
  ZAnuncioPortal,
  ZCategoriaDocumentoCliente,
  ZClientePortalFila,
  ZConfigZonaClientesPantalla,
  ZContratoPortal,
  ZCotizacionPortal,
  ZDocumentoCliente,
  ZDocumentoPortal,
  ZDocumentosPortal,
  ZFotoMantenimiento,
  ZInmueblePortal,
  ZInmueblePropietario,
  ZOpcionesDocumentosClientes,
  ZPortalInfo,
  ZPortalYo,
  ZSolicitudHabeasData,
  ZSolicitudHabeasDataStaff,
  ZSolicitudMantenimiento,
  ZSolicitudMantenimientoDetalle,
  ZSolicitudMantenimientoGestion,
  type SeccionPortal,
} from '@predio/contract/zona-clientes';
import { ZDocumentoFirmadoPortal } from '@predio/contract/firmas';
import { zListResult } from '@predio/contract/list';
import { FILE_RESPONSE } from '../../platform/http/response.ts';
import { enviarImagen } from '../../platform/http/archivo.ts';
import { leerLogoGuardado } from '../empresa/empresa.service.ts';
import { queryRows } from '../../db/rows.ts';
import * as anuncios from './anuncios.service.ts';
import * as cotizaciones from './cotizaciones.service.ts';
import * as habeasData from './habeas-data.service.ts';
import { inmueblesPropietario } from './propietario.service.ts';
import { contratosCliente, pdfFirmadoCliente } from './contratos-portal.service.ts';
import * as documentos from './documentos.service.ts';
import { principalAntes } from '../../platform/auth/principal.ts';
import * as archivos from '../../platform/archivos/archivos.service.ts';
import * as archivosRepo from '../../platform/archivos/archivos.repo.ts';
import { CATEGORIA_FOTO, registrarDueno } from '../../platform/archivos/duenos.ts';
import { ZIdParam, ZInventarioPortal } from '@predio/contract/inventarios';
import type { Deps } from '../../platform/deps.ts';
import { invalido, noEncontrado } from '../../platform/errors/app-error.ts';
import { defineRoute, definePortalRoute, afterCommit, Respuesta } from '../../platform/http/route.ts';
import { inTenant } from '../../platform/tenant.ts';
import * as service from './zona-clientes.service.ts';
import * as cotizacionesRepo from './cotizaciones.repo.ts';
import { urlPublica } from '../../platform/http/url-publica.ts';

/** The request's photos are files of platform/archivos (staff see them with <Archivos>); checked by content. */
function registrarDuenoMantenimiento(): void {
  registrarDueno({
    tipo: service.TIPO_DUENO_MANTENIMIENTO,
    nombre: 'La solicitud de mantenimiento',
    leer: [IDM_SOLICITUDES_MANTENIMIENTO],
    escribir: [IDM_SOLICITUDES_MANTENIMIENTO],
    resolver: async (tx, clave) => {
      const n = Number(clave);
      if (!Number.isInteger(n) || n <= 0 || n > 2_147_483_647) return null;
      const [r] = await queryRows<{ id: number }>(tx, sql`select id from solicitud_mantenimiento where consecutivo = ${n}`);
      return r ? String(r.id) : null;
    },
    categorias: { foto: CATEGORIA_FOTO },
    categoriaPorDefecto: 'foto',
    entidadAuditoria: 'solicitud_mantenimiento',
  });
}

/** A quote's PDF (one per quote), checked by its bytes; it changes only while the owner has not decided. */
function registrarDuenoCotizacion(): void {
  registrarDueno({
    tipo: cotizaciones.TIPO_DUENO_COTIZACION,
    nombre: 'La cotización',
    leer: [IDM_SOLICITUDES_MANTENIMIENTO],
    escribir: [IDM_SOLICITUDES_MANTENIMIENTO],
    resolver: async (tx, clave) => {
      const [r] = await cotizacionesRepo.porId(tx, Number(clave));
      return r ? String(r.id) : null;
    },
    antesDeEscribir: ({ tx, clave }) => cotizaciones.soloPendiente(tx, clave),
    categorias: {
      pdf: {
        maxBytes: COTIZACION_PDF_MAX_MB * 1024 * 1024,
        maxPorDueno: 1,
        plural: 'PDF de la cotización',
        tipo: ({ cabeza }) => {
          if (cabeza.subarray(0, 1024).indexOf('%PDF-') < 0) throw invalido('file', 'el archivo de la cotización no es un PDF.');
          return 'application/pdf';
        },
      },
    },
    categoriaPorDefecto: 'pdf',
    entidadAuditoria: cotizaciones.ENTIDAD_COTIZACION,
  });
}

/** A route of one portal section: a client whose kinds the company does not show it to gets 403. */
const seccion = (s: SeccionPortal) => (o: Parameters<typeof service.exigirSeccion>[0]) => service.exigirSeccion(o, s);

export function zonaClientesRoutes(app: FastifyInstance, deps: Deps): void {
  registrarDuenoMantenimiento();
  registrarDuenoCotizacion();
  documentos.registrarDuenoDocumento();
  const aviso = { hub: deps.hub, mailer: deps.mailer };
  const cuota = { limiteBytes: deps.config.archivosCuotaBytes };

  // ---- Configurar zona clientes (499) ----
  const tags = ['zona-clientes'];
  defineRoute(app, deps, {
    method: 'GET',
    url: '/zona-clientes/config',
    permiso: IDM_CONFIGURAR_ZONA_CLIENTES,
    schema: { response: ZConfigZonaClientesPantalla, tags, summary: 'Configuración de la zona clientes' },
    handler: ({ tx }) => service.configPantalla({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/zona-clientes/config',
    permiso: IDM_CONFIGURAR_ZONA_CLIENTES,
    schema: {
      response: ZConfigZonaClientesPantalla,
      body: ZConfigZonaClientes,
      tags,
      summary: 'Activa la zona clientes, sus textos y la política de datos',
    },
    handler: ({ tx, onCommit, user, req, body }) => service.guardarConfig({ tx, onCommit, ...aviso, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/zona-clientes/clientes',
    permiso: IDM_CONFIGURAR_ZONA_CLIENTES,
    schema: { response: z.array(ZClientePortalFila), tags, summary: 'Clientes invitados a la zona clientes' },
    handler: ({ tx }) => service.listarClientes({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/zona-clientes/clientes/:id/activo',
    permiso: IDM_CONFIGURAR_ZONA_CLIENTES,
    schema: {
      response: z.array(ZClientePortalFila),
      params: ZIdClientePortalParam,
      body: ZActivoClientePortal,
      tags,
      summary: 'Desactiva el acceso de un cliente (cierra sus sesiones) o lo activa de nuevo',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.cambiarActivo({ tx, onCommit, ...aviso, user, ip: req.ip, id: params.id, activo: body.activo }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/zona-clientes/invitaciones',
    permiso: IDM_CONFIGURAR_ZONA_CLIENTES,
    schema: {
      response: z.object({ id: z.number(), expira_horas: z.number() }),
      body: ZInvitacionForm,
      tags,
      summary: 'Invita un tercero por correo (enlace de un solo uso que vence)',
    },
    handler: ({ tx, onCommit, user, req, body }) =>
      service.invitar({ tx, onCommit, ...aviso, user, ip: req.ip, body, urlBase: urlPublica(deps.config.publicUrl, req) }),
  });

  // Habeas data (Ley 1581): the requests clients file, answered by whoever configures the portal.
  defineRoute(app, deps, {
    method: 'GET',
    url: '/zona-clientes/habeas-data',
    permiso: IDM_CONFIGURAR_ZONA_CLIENTES,
    schema: {
      response: z.array(ZSolicitudHabeasDataStaff),
      tags,
      summary: 'Solicitudes de datos personales (Ley 1581), las pendientes primero con su plazo',
    },
    handler: ({ tx }) => habeasData.listar({ tx }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/zona-clientes/habeas-data/:id/respuesta',
    permiso: IDM_CONFIGURAR_ZONA_CLIENTES,
    schema: {
      response: ZSolicitudHabeasDataStaff,
      params: ZIdHabeasDataParam,
      body: ZRespuestaHabeasData,
      tags,
      summary: 'Responde una solicitud de datos personales (el cliente la lee en el portal y por correo)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      habeasData.responder({
        tx,
        onCommit,
        ...aviso,
        user,
        ip: req.ip,
        id: params.id,
        body,
        urlBase: urlPublica(deps.config.publicUrl, req),
      }),
  });

  // ---- Solicitudes de mantenimiento (10550) ----
  const t2 = ['solicitudes-mantenimiento'];
  const p2 = IDM_SOLICITUDES_MANTENIMIENTO;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes-mantenimiento',
    permiso: p2,
    schema: {
      response: zListResult(ZSolicitudMantenimiento),
      querystring: ZMantenimientoQuery,
      tags: t2,
      summary: 'Solicitudes de mantenimiento con filtros',
    },
    handler: ({ tx, query }) => service.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes-mantenimiento/opciones',
    permiso: p2,
    schema: {
      response: z.object({ usuarios: z.array(z.object({ id: z.number(), nombre: z.string() })) }),
      tags: t2,
      summary: 'Usuarios a quienes se puede asignar',
    },
    handler: ({ tx }) => service.opciones({ tx }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/solicitudes-mantenimiento/:consecutivo',
    permiso: p2,
    schema: {
      response: ZSolicitudMantenimientoGestion,
      params: ZConsecutivoMantenimiento,
      tags: t2,
      summary: 'Una solicitud con sus pasos y fotos',
    },
    handler: ({ tx, params }) => service.obtener({ tx, consecutivo: params.consecutivo }),
  });
  defineRoute(app, deps, {
    method: 'PATCH',
    url: '/solicitudes-mantenimiento/:consecutivo',
    permiso: p2,
    schema: {
      response: ZSolicitudMantenimientoGestion,
      params: ZConsecutivoMantenimiento,
      body: ZMantenimientoCambios,
      tags: t2,
      summary: 'Cambia el estado o asigna',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.cambiar({
        tx,
        onCommit,
        ...aviso,
        user,
        ip: req.ip,
        consecutivo: params.consecutivo,
        body,
        urlBase: urlPublica(deps.config.publicUrl, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/solicitudes-mantenimiento/:consecutivo/costo',
    permiso: IDM_SOLICITUDES_MANTENIMIENTO,
    schema: {
      response: ZSolicitudMantenimientoGestion,
      params: ZConsecutivoMantenimiento,
      body: ZCostoMantenimiento,
      tags: t2,
      summary: 'Registra el costo de la reparación, quién lo paga y el proveedor',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.ponerCosto({ tx, onCommit, ...aviso, user, ip: req.ip, consecutivo: params.consecutivo, body }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes-mantenimiento/:consecutivo/comentarios',
    permiso: p2,
    schema: {
      response: ZSolicitudMantenimientoGestion,
      params: ZConsecutivoMantenimiento,
      body: ZMantenimientoComentario,
      tags: t2,
      summary: 'Comentario interno o visible para el cliente',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      service.comentar({
        tx,
        onCommit,
        ...aviso,
        user,
        ip: req.ip,
        consecutivo: params.consecutivo,
        body,
        urlBase: urlPublica(deps.config.publicUrl, req),
      }),
  });

  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes-mantenimiento/:consecutivo/cotizaciones',
    permiso: p2,
    schema: {
      response: ZSolicitudMantenimientoGestion,
      params: ZConsecutivoMantenimiento,
      body: ZCotizacionForm,
      tags: t2,
      summary: 'Envía una cotización al propietario del inmueble (el PDF se sube luego como archivo de la cotización)',
    },
    handler: ({ tx, onCommit, user, req, params, body }) =>
      cotizaciones.crear({
        tx,
        onCommit,
        ...aviso,
        user,
        ip: req.ip,
        consecutivo: params.consecutivo,
        body,
        urlBase: urlPublica(deps.config.publicUrl, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/solicitudes-mantenimiento/:consecutivo/cotizaciones/:id/anular',
    permiso: p2,
    schema: {
      response: ZSolicitudMantenimientoGestion,
      params: ZCotizacionParam,
      tags: t2,
      summary: 'Anula una cotización que el propietario aún no decide',
    },
    handler: ({ tx, onCommit, user, req, params }) =>
      cotizaciones.anular({ tx, onCommit, ...aviso, user, ip: req.ip, consecutivo: params.consecutivo, id: params.id }),
  });

  // ---- Información zona clientes (201): announcements ----
  const t4 = ['informacion-zona-clientes'];
  const p4 = IDM_INFORMACION_ZONA_CLIENTES;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/zona-clientes/anuncios',
    permiso: p4,
    schema: { response: zListResult(ZAnuncio), querystring: ZAnunciosQuery, tags: t4, summary: 'Anuncios de la zona clientes' },
    handler: ({ tx, query }) => anuncios.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/zona-clientes/anuncios',
    permiso: p4,
    schema: {
      response: ZAnuncio,
      body: ZAnuncioForm,
      tags: t4,
      summary: 'Crea un anuncio (texto enriquecido, para todos, propietarios o arrendatarios)',
    },
    handler: ({ tx, user, req, body }) => anuncios.crear({ tx, user, ip: req.ip, body }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/zona-clientes/anuncios/:id',
    permiso: p4,
    schema: { response: ZAnuncio, params: ZIdAnuncioParam, body: ZAnuncioForm, tags: t4, summary: 'Modifica un anuncio' },
    handler: ({ tx, user, req, params, body }) => anuncios.editar({ tx, user, ip: req.ip, id: params.id, body }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/zona-clientes/anuncios/:id',
    permiso: p4,
    schema: { response: z.object({ id: z.number() }), params: ZIdAnuncioParam, tags: t4, summary: 'Elimina un anuncio' },
    handler: ({ tx, user, req, params }) => anuncios.eliminar({ tx, user, ip: req.ip, id: params.id }),
  });

  // ---- Categorías de documentos (10525): the categories are the generic master; documents shared ----
  const t5 = ['documentos-clientes'];
  const p5 = IDM_CATEGORIAS_DOCUMENTOS_CLIENTES;
  defineRoute(app, deps, {
    method: 'GET',
    url: '/zona-clientes/documentos/opciones',
    permiso: p5,
    schema: {
      response: ZOpcionesDocumentosClientes,
      tags: t5,
      summary: 'Categorías (con quién las ve y si el cliente puede subir) y clientes de la zona',
    },
    handler: ({ tx }) => documentos.opciones({ tx }),
  });
  defineRoute(app, deps, {
    method: 'PUT',
    url: '/zona-clientes/documentos/categorias/:id/subida',
    permiso: p5,
    schema: {
      response: ZCategoriaDocumentoCliente,
      params: ZIdDocumentoParam,
      body: ZSubidaCategoria,
      tags: t5,
      summary: 'Si el cliente puede subir documentos a la categoría',
    },
    handler: ({ tx, user, req, params, body }) =>
      documentos.cambiarSubida({ tx, user, ip: req.ip, id: params.id, puede: body.cliente_puede_subir }),
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/zona-clientes/documentos',
    permiso: p5,
    schema: {
      response: zListResult(ZDocumentoCliente),
      querystring: ZDocumentosClientesQuery,
      tags: t5,
      summary: 'Documentos compartidos con clientes y los que ellos subieron',
    },
    handler: ({ tx, query }) => documentos.listar({ tx, query }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/zona-clientes/documentos',
    permiso: p5,
    schema: {
      response: ZDocumentoCliente,
      querystring: ZCompartirDocumento,
      tags: t5,
      summary: 'Comparte un documento (multipart file: PDF, JPG, PNG o DOCX) con un cliente o con los clientes de un inmueble',
    },
    prepare: async ({ req, query, token }) =>
      documentos.recibirCompartido({
        db: deps.db,
        storage: deps.storage,
        user: await principalAntes(deps.db, deps.sessions, token),
        cuota,
        query,
        partes: (opts) => req.parts(opts),
      }),
    handler: ({ tx, onCommit, user, req, prep }) =>
      documentos.compartir({
        tx,
        onCommit,
        mailer: deps.mailer,
        user,
        ip: req.ip,
        storage: deps.storage,
        cuota,
        prep,
        urlBase: urlPublica(deps.config.publicUrl, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'DELETE',
    url: '/zona-clientes/documentos/:id',
    permiso: p5,
    schema: {
      response: z.object({ id: z.number() }),
      params: ZIdDocumentoParam,
      tags: t5,
      summary: 'Deja de compartir un documento y borra su archivo',
    },
    handler: ({ tx, onCommit, user, req, params }) =>
      documentos.eliminar({ tx, onCommit, user, ip: req.ip, storage: deps.storage, id: params.id }),
  });

  // ---- The portal: public ----
  const t3 = ['portal'];
  defineRoute(app, deps, {
    method: 'GET',
    url: '/portal/:idEmpresa/info',
    permiso: 'publico',
    schema: {
      response: ZPortalInfo,
      params: ZEmpresaPortalParam,
      tags: t3,
      summary: 'Nombre y textos de la zona clientes de una empresa',
    },
    handler: ({ params }) => inTenant(deps.db, params.idEmpresa, ({ tx }) => service.info({ tx, idEmpresa: params.idEmpresa })),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/portal/:idEmpresa/activar',
    permiso: 'publico',
    schema: {
      response: { data: z.null(), extra: { token: z.string() } },
      params: ZEmpresaPortalParam,
      body: ZPortalActivar,
      tags: t3,
      summary: 'Crea la contraseña con el enlace de invitación',
    },
    handler: async ({ params, body, req }) => {
      const r = await service.activar({ ...deps, idEmpresa: params.idEmpresa, ip: req.ip, ...body });
      return new Respuesta(null, r);
    },
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/portal/:idEmpresa/recuperar',
    permiso: 'publico',
    schema: {
      response: z.object({ mensaje: z.string() }),
      params: ZEmpresaPortalParam,
      body: ZPortalRecuperar,
      tags: t3,
      summary: 'Envía un enlace para crear una contraseña nueva (la misma respuesta exista o no la cuenta)',
    },
    handler: ({ params, body, req }) =>
      service.recuperar({
        ...deps,
        idEmpresa: params.idEmpresa,
        ip: req.ip,
        email: body.email,
        urlBase: urlPublica(deps.config.publicUrl, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/portal/:idEmpresa/login',
    permiso: 'publico',
    schema: {
      response: { data: z.null(), extra: { token: z.string() } },
      params: ZEmpresaPortalParam,
      body: ZPortalLogin,
      tags: t3,
      summary: 'Ingreso de un cliente (limitado por intentos)',
    },
    handler: async ({ params, body, req }) => {
      const r = await service.ingresar({ ...deps, idEmpresa: params.idEmpresa, ip: req.ip, ...body });
      return new Respuesta(null, r);
    },
  });

  defineRoute(app, deps, {
    method: 'POST',
    url: '/portal/:idEmpresa/enlace',
    permiso: 'publico',
    schema: {
      response: z.object({ mensaje: z.string() }),
      params: ZEmpresaPortalParam,
      body: ZPortalRecuperar,
      tags: t3,
      summary: 'Envía un enlace para ingresar sin contraseña (la misma respuesta exista o no la cuenta)',
    },
    handler: ({ params, body, req }) =>
      service.pedirEnlaceIngreso({
        ...deps,
        idEmpresa: params.idEmpresa,
        ip: req.ip,
        email: body.email,
        urlBase: urlPublica(deps.config.publicUrl, req),
      }),
  });
  defineRoute(app, deps, {
    method: 'POST',
    url: '/portal/:idEmpresa/entrar',
    permiso: 'publico',
    schema: {
      response: { data: z.null(), extra: { token: z.string() } },
      params: ZEmpresaPortalParam,
      body: ZPortalEntrar,
      tags: t3,
      summary: 'Ingresa con el enlace recibido por correo',
    },
    handler: async ({ params, body, req }) => {
      const r = await service.entrarConEnlace({ ...deps, idEmpresa: params.idEmpresa, ip: req.ip, token: body.token });
      return new Respuesta(null, r);
    },
  });
  defineRoute(app, deps, {
    method: 'GET',
    url: '/portal/:idEmpresa/logo',
    permiso: 'publico',
    schema: {
      response: FILE_RESPONSE,
      params: ZEmpresaPortalParam,
      tags: t3,
      summary: 'El logo de la empresa para la página de ingreso',
    },
    handler: async ({ params, reply }) => {
      const nombre = await inTenant(deps.db, params.idEmpresa, ({ tx }) => service.logoPortal({ tx }));
      if (!nombre) throw noEncontrado('El logo');
      const img = await leerLogoGuardado({ user: { idEmpresa: params.idEmpresa }, storage: deps.storage, nombre });
      return enviarImagen(reply, img);
    },
  });

  // ---- The portal: a client's own (portal realm) ----
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/yo',
    schema: { response: ZPortalYo, tags: t3, summary: 'El cliente, la empresa y la política de datos' },
    handler: ({ tx, cliente }) => service.yo({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'POST',
    url: '/portal/autorizacion',
    schema: {
      response: ZPortalYo,
      body: ZAutorizacion,
      tags: t3,
      summary: 'Registra la autorización de tratamiento de datos (Ley 1581)',
    },
    handler: ({ tx, cliente, req }) => service.autorizar({ tx, cliente, ip: req.ip }),
  });
  definePortalRoute(app, deps, {
    method: 'POST',
    url: '/portal/salir',
    schema: { response: z.null(), tags: t3, summary: 'Cierra la sesión del cliente' },
    handler: ({ tx, cliente }) => service.salir({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/inmuebles',
    schema: { response: z.array(ZInmueblePortal), tags: t3, summary: 'Inmuebles del cliente como propietario o arrendatario' },
    handler: ({ tx, cliente }) => service.inmuebles({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/solicitudes',
    acceso: seccion('mantenimiento'),
    schema: { response: z.array(ZSolicitudMantenimiento), tags: t3, summary: 'Solicitudes de mantenimiento del cliente' },
    handler: ({ tx, cliente }) => service.solicitudesCliente({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'POST',
    url: '/portal/solicitudes',
    acceso: seccion('mantenimiento'),
    schema: {
      response: ZSolicitudMantenimientoDetalle,
      body: ZMantenimientoForm,
      tags: t3,
      summary: 'Reporta un problema de un inmueble suyo',
    },
    handler: ({ tx, onCommit, cliente, body }) => service.crearSolicitud({ tx, onCommit, ...aviso, cliente, body }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/solicitudes/:consecutivo',
    acceso: seccion('mantenimiento'),
    schema: {
      response: ZSolicitudMantenimientoDetalle,
      params: ZConsecutivoMantenimiento,
      tags: t3,
      summary: 'Una solicitud suya con los pasos visibles',
    },
    handler: ({ tx, cliente, params }) => service.solicitudCliente({ tx, cliente, consecutivo: params.consecutivo }),
  });
  definePortalRoute(app, deps, {
    method: 'POST',
    url: '/portal/solicitudes/:consecutivo/fotos',
    acceso: seccion('mantenimiento'),
    schema: {
      response: ZFotoMantenimiento,
      params: ZConsecutivoMantenimiento,
      tags: t3,
      summary: 'Sube una foto (JPG, PNG o WEBP, revisada por contenido)',
    },
    // Only the client's own request takes photos; then the platform streams and checks the upload.
    prepare: async ({ req, params, cliente }) => {
      await inTenant(deps.db, cliente.idEmpresa, ({ tx }) => service.propia(tx, cliente, params.consecutivo));
      return archivos.recibir({
        db: deps.db,
        storage: deps.storage,
        user: service.comoPrincipal(cliente),
        cuota,
        tipo: service.TIPO_DUENO_MANTENIMIENTO,
        clave: String(params.consecutivo),
        categoria: 'foto',
        partes: (opts) => req.parts(opts),
      });
    },
    handler: async ({ tx, onCommit, cliente, params, prep, req }) => {
      await service.propia(tx, cliente, params.consecutivo);
      const f = await archivos.registrar({
        tx,
        onCommit,
        user: service.comoPrincipal(cliente),
        ip: req.ip,
        storage: deps.storage,
        cuota,
        tipo: service.TIPO_DUENO_MANTENIMIENTO,
        clave: String(params.consecutivo),
        categoria: 'foto',
        subida: prep,
      });
      return { id: f.id, nombre: f.nombre, content_type: f.contentType };
    },
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/contratos',
    acceso: seccion('contratos'),
    schema: {
      response: z.array(ZContratoPortal),
      tags: t3,
      summary: 'Contratos de los que es parte (propietario, arrendatario o codeudor)',
    },
    handler: ({ tx, cliente }) => contratosCliente({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/contratos/:id/pdf',
    acceso: seccion('contratos'),
    schema: { response: FILE_RESPONSE, params: ZIdParam, tags: t3, summary: 'El PDF firmado de un contrato suyo' },
    handler: async ({ tx, cliente, params, reply, onCommit }) => {
      const f = await pdfFirmadoCliente({ tx, cliente, id: params.id });
      return afterCommit(onCommit, reply, () => archivos.enviar(reply, deps.storage, f));
    },
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/propietario',
    acceso: seccion('promocion'),
    schema: {
      response: z.array(ZInmueblePropietario),
      tags: t3,
      summary: 'Sus inmuebles como propietario: dónde están publicados y sus visitas (sin datos de los visitantes)',
    },
    handler: ({ tx, cliente }) => inmueblesPropietario({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/habeas-data',
    schema: {
      response: z.array(ZSolicitudHabeasData),
      tags: t3,
      summary: 'Sus solicitudes sobre sus datos personales (Ley 1581) y las respuestas',
    },
    handler: ({ tx, cliente }) => habeasData.deCliente({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'POST',
    url: '/portal/habeas-data',
    schema: {
      response: z.array(ZSolicitudHabeasData),
      body: ZHabeasDataForm,
      tags: t3,
      summary: 'Pide consultar, actualizar, suprimir sus datos o revocar la autorización (Ley 1581)',
    },
    handler: ({ tx, onCommit, cliente, req, body }) => habeasData.crear({ tx, onCommit, ...aviso, cliente, ip: req.ip, body }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/cotizaciones',
    acceso: seccion('cotizaciones'),
    schema: {
      response: z.array(ZCotizacionPortal),
      tags: t3,
      summary: 'Cotizaciones de mantenimiento de los inmuebles de los que es propietario',
    },
    handler: ({ tx, cliente }) => cotizaciones.paraCliente({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'POST',
    url: '/portal/cotizaciones/:id/decision',
    acceso: seccion('cotizaciones'),
    schema: {
      response: ZCotizacionPortal,
      params: ZIdCotizacionParam,
      body: ZDecisionCotizacion,
      tags: t3,
      summary: 'El propietario aprueba o rechaza una cotización, con un comentario',
    },
    handler: ({ tx, onCommit, cliente, req, params, body }) =>
      cotizaciones.decidir({ tx, onCommit, ...aviso, cliente, ip: req.ip, id: params.id, body }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/cotizaciones/:id/pdf',
    acceso: seccion('cotizaciones'),
    schema: {
      response: FILE_RESPONSE,
      params: ZIdCotizacionParam,
      tags: t3,
      summary: 'El PDF de una cotización de un inmueble suyo',
    },
    handler: async ({ tx, cliente, params, reply, onCommit }) => {
      const f = await cotizaciones.pdfCliente({ tx, cliente, id: params.id });
      return afterCommit(onCommit, reply, () => archivos.enviar(reply, deps.storage, f));
    },
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/anuncios',
    acceso: seccion('novedades'),
    schema: { response: z.array(ZAnuncioPortal), tags: t3, summary: 'Anuncios de la inmobiliaria para este cliente' },
    handler: ({ tx, cliente }) => anuncios.paraCliente({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/inventarios',
    acceso: seccion('inventarios'),
    schema: {
      response: z.array(ZInventarioPortal),
      tags: t3,
      summary: 'Inventarios cerrados de sus inmuebles o en los que fue parte',
    },
    handler: ({ tx, cliente }) => service.inventariosCliente({ tx, cliente }),
  });
  for (const cual of ['pdf', 'acta'] as const)
    definePortalRoute(app, deps, {
      method: 'GET',
      url: `/portal/inventarios/:id/${cual}`,
      acceso: seccion('inventarios'),
      schema: {
        response: FILE_RESPONSE,
        params: ZIdParam,
        tags: t3,
        summary: cual === 'pdf' ? 'El PDF de un inventario suyo' : 'El acta de restitución de un inventario suyo',
      },
      handler: async ({ tx, cliente, params, reply, onCommit }) => {
        const f = await service.inventarioCliente({ tx, cliente, id: params.id, cual });
        return afterCommit(onCommit, reply, () => archivos.enviar(reply, deps.storage, f));
      },
    });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/documentos',
    acceso: seccion('documentos'),
    schema: {
      response: ZDocumentosPortal,
      tags: t3,
      summary: 'Documentos compartidos con el cliente o con sus inmuebles, y los que subió',
    },
    handler: ({ tx, cliente }) => documentos.documentosPortal({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/documentos/:id/archivo',
    acceso: seccion('documentos'),
    schema: { response: FILE_RESPONSE, params: ZIdDocumentoParam, tags: t3, summary: 'Descarga un documento suyo' },
    handler: async ({ tx, cliente, params, reply, onCommit }) => {
      const f = await documentos.archivoPortal({ tx, cliente, id: params.id });
      return afterCommit(onCommit, reply, () => archivos.enviar(reply, deps.storage, f));
    },
  });
  definePortalRoute(app, deps, {
    method: 'POST',
    url: '/portal/documentos',
    acceso: seccion('documentos'),
    schema: {
      response: ZDocumentoPortal,
      querystring: ZSubirDocumentoPortal,
      tags: t3,
      summary: 'Sube un documento (PDF, JPG, PNG o DOCX, revisado por contenido) a una categoría que lo permite',
    },
    prepare: ({ req, query, cliente }) =>
      documentos.recibirDelCliente({
        db: deps.db,
        storage: deps.storage,
        cuota,
        cliente,
        query,
        partes: (opts) => req.parts(opts),
      }),
    handler: ({ tx, onCommit, cliente, req, prep }) =>
      documentos.subirDelCliente({ tx, onCommit, ...aviso, cliente, ip: req.ip, storage: deps.storage, cuota, prep }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/firmados',
    acceso: seccion('firmados'),
    schema: { response: z.array(ZDocumentoFirmadoPortal), tags: t3, summary: 'Documentos que firmó electrónicamente' },
    handler: ({ tx, cliente }) => service.firmadosCliente({ tx, cliente }),
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/firmados/:id/pdf',
    acceso: seccion('firmados'),
    schema: { response: FILE_RESPONSE, params: ZIdParam, tags: t3, summary: 'El PDF firmado y sellado de un documento suyo' },
    handler: async ({ tx, cliente, params, reply, onCommit }) => {
      const f = await service.firmadoCliente({ tx, cliente, id: params.id });
      return afterCommit(onCommit, reply, () => archivos.enviar(reply, deps.storage, f));
    },
  });
  definePortalRoute(app, deps, {
    method: 'GET',
    url: '/portal/solicitudes/:consecutivo/fotos/:id',
    acceso: seccion('mantenimiento'),
    schema: { response: FILE_RESPONSE, params: ZFotoParam, tags: t3, summary: 'Una foto de una solicitud suya' },
    handler: async ({ tx, cliente, params, reply, onCommit }) => {
      const s = await service.propia(tx, cliente, params.consecutivo);
      const f = await archivosRepo.deDueno(tx, service.TIPO_DUENO_MANTENIMIENTO, String(s.id), params.id);
      if (!f) throw noEncontrado(`La foto ${params.id}`);
      return afterCommit(onCommit, reply, () => archivos.enviar(reply, deps.storage, f));
    },
  });
}
