import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { ResourceDef } from '@predio/contract/maestros/resource';
import type { AccionFilaMaestro } from '../../components/resource-table/resource-table.tsx';
import { recursoDeRuta } from '@predio/contract/maestros/resources';
import type { FlatRoute } from '@predio/contract/menu';
import { CLAVES_INFORME } from '@predio/contract/informes';

type Page = LazyExoticComponent<ComponentType>;

/** Menu `component` keys → lazily loaded pages. A leaf without one shows the construction page. */
export const PAGES: Record<string, Page> = {
  inicio: lazy(() => import('../../features/inicio/inicio-page.tsx').then((m) => ({ default: m.InicioPage }))),
  soporte: lazy(() => import('../../features/soporte/soporte-page.tsx').then((m) => ({ default: m.SoportePage }))),
  'notificaciones-config': lazy(() =>
    import('../../features/notificaciones/notificaciones-config-page.tsx').then((m) => ({
      default: m.NotificacionesConfigPage,
    })),
  ),
  perfil: lazy(() => import('../../features/perfil/perfil-page.tsx').then((m) => ({ default: m.PerfilPage }))),
  usuarios: lazy(() => import('../../features/usuarios/usuarios-page.tsx').then((m) => ({ default: m.UsuariosPage }))),
  empresa: lazy(() => import('../../features/empresa/empresa-page.tsx').then((m) => ({ default: m.EmpresaPage }))),
  configurar: lazy(() =>
    import('../../features/configuracion/configuracion-page.tsx').then((m) => ({ default: m.ConfiguracionPage })),
  ),
  'logs-sistema': lazy(() => import('../../features/logs/logs-page.tsx').then((m) => ({ default: m.LogsPage }))),
  inmueble: lazy(() => import('../../features/inmuebles/inmueble-page.tsx').then((m) => ({ default: m.InmueblePage }))),
  'inmuebles-disponibles': lazy(() =>
    import('../../features/inmuebles/inmuebles-disponibles-page.tsx').then((m) => ({ default: m.InmueblesDisponiblesPage })),
  ),
  terceros: lazy(() => import('../../features/terceros/terceros-page.tsx').then((m) => ({ default: m.TercerosPage }))),
  'reasignar-inmuebles': lazy(() =>
    import('../../features/inmuebles-utilidades/reasignar-page.tsx').then((m) => ({ default: m.ReasignarPage })),
  ),
  'modificaciones-inmuebles': lazy(() =>
    import('../../features/inmuebles-utilidades/modificaciones-page.tsx').then((m) => ({ default: m.ModificacionesPage })),
  ),
  'geolocalizar-inmuebles': lazy(() =>
    import('../../features/inmuebles-utilidades/geolocalizar-page.tsx').then((m) => ({ default: m.GeolocalizarPage })),
  ),
  'configurar-tv': lazy(() => import('../../features/inmuebles-utilidades/tv-page.tsx').then((m) => ({ default: m.TvPage }))),
  'clientes-atendidos': lazy(() =>
    import('../../features/clientes/clientes-page.tsx').then((m) => ({ default: m.ClientesPage })),
  ),
  'buscador-clientes-atendidos': lazy(() =>
    import('../../features/clientes/buscador-page.tsx').then((m) => ({ default: m.BuscadorClientesPage })),
  ),
  'cerrar-clientes-en-cascada': lazy(() =>
    import('../../features/clientes/cascada-page.tsx').then((m) => ({ default: m.CascadaPage })),
  ),
  'modificaciones-agenda': lazy(() =>
    import('../../features/agenda/modificaciones-agenda-page.tsx').then((m) => ({ default: m.ModificacionesAgendaPage })),
  ),
  'configurar-zona-clientes': lazy(() =>
    import('../../features/zona-clientes/configurar-page.tsx').then((m) => ({ default: m.ConfigurarZonaClientesPage })),
  ),
  'informacion-zona-clientes': lazy(() =>
    import('../../features/zona-clientes/anuncios-page.tsx').then((m) => ({ default: m.AnunciosPage })),
  ),
  'categorias-documentos-clientes': lazy(() =>
    import('../../features/zona-clientes/documentos-page.tsx').then((m) => ({ default: m.DocumentosClientesPage })),
  ),
  'solicitudes-mantenimiento': lazy(() =>
    import('../../features/zona-clientes/mantenimiento-page.tsx').then((m) => ({ default: m.MantenimientoPage })),
  ),
  'asignar-tareas': lazy(() => import('../../features/tareas/tareas-page.tsx').then((m) => ({ default: m.TareasPage }))),
  tarea: lazy(() => import('../../features/tareas/tarea-page.tsx').then((m) => ({ default: m.TareaPage }))),
  'paginaweb-noticias': lazy(() =>
    import('../../features/pagina-web/noticias-page.tsx').then((m) => ({ default: m.NoticiasPage })),
  ),
  'paginaweb-banco-de-trabajo': lazy(() =>
    import('../../features/pagina-web/banco-trabajo-page.tsx').then((m) => ({ default: m.BancoTrabajoPage })),
  ),
  'paginaweb-banners': lazy(() => import('../../features/pagina-web/banners-page.tsx').then((m) => ({ default: m.BannersPage }))),
  'paginaweb-formularios': lazy(() =>
    import('../../features/pagina-web/formularios-page.tsx').then((m) => ({ default: m.FormulariosPage })),
  ),
  'paginaweb-popupinicio': lazy(() =>
    import('../../features/pagina-web/popup-inicio-page.tsx').then((m) => ({ default: m.PopupInicioPage })),
  ),
  'paginaweb-sesion-texto': lazy(() =>
    import('../../features/pagina-web/sesion-texto-page.tsx').then((m) => ({ default: m.SesionTextoPage })),
  ),
  'paginaweb-encuestas': lazy(() =>
    import('../../features/pagina-web/encuestas-page.tsx').then((m) => ({ default: m.EncuestasPage })),
  ),
  'listas-de-verificacion': lazy(() =>
    import('../../features/tareas/listas-page.tsx').then((m) => ({ default: m.ListasVerificacionPage })),
  ),
  ...Object.fromEntries(
    CLAVES_INFORME.map((clave) => [
      `informe-${clave}`,
      lazy(() => import('../../features/informes/informe-page.tsx').then((m) => ({ default: m.paginaDe(clave) }))),
    ]),
  ),
  'mod-tarea': lazy(() => import('../../features/tareas/mod-tarea-page.tsx').then((m) => ({ default: m.ModTareaPage }))),
  'emails-enviados': lazy(() =>
    import('../../features/mensajes/enviados-page.tsx').then((m) => ({ default: m.EmailsEnviadosPage })),
  ),
  'sms-enviados': lazy(() => import('../../features/mensajes/enviados-page.tsx').then((m) => ({ default: m.SmsEnviadosPage }))),
  'portal-ciencuadras': lazy(() =>
    import('../../features/portales/portal-page.tsx').then((m) => ({ default: m.portalPage('ciencuadras') })),
  ),
  'portal-fincaraiz': lazy(() =>
    import('../../features/portales/portal-page.tsx').then((m) => ({ default: m.portalPage('fincaraiz') })),
  ),
  'portal-wasi': lazy(() => import('../../features/portales/portal-page.tsx').then((m) => ({ default: m.portalPage('wasi') }))),
  'portal-proppit': lazy(() =>
    import('../../features/portales/portal-page.tsx').then((m) => ({ default: m.portalPage('proppit') })),
  ),
  'portal-mercadolibre': lazy(() =>
    import('../../features/portales/portal-page.tsx').then((m) => ({ default: m.portalPage('mercadolibre') })),
  ),
  'portal-authmercadolibre': lazy(() =>
    import('../../features/portales/autorizacion-page.tsx').then((m) => ({
      default: m.autorizacionPage('mercadolibre', '/propiedades/portales/mercadolibre'),
    })),
  ),
  'portal-metrocuadrado': lazy(() =>
    import('../../features/portales/portal-page.tsx').then((m) => ({ default: m.portalPage('metrocuadrado') })),
  ),
  'portal-domus': lazy(() => import('../../features/portales/portal-page.tsx').then((m) => ({ default: m.portalPage('domus') }))),
  'portal-impulso-raiz': lazy(() =>
    import('../../features/portales/feed-page.tsx').then((m) => ({ default: m.feedPage('impulso_raiz') })),
  ),
  'portal-casa-raiz': lazy(() =>
    import('../../features/portales/feed-page.tsx').then((m) => ({ default: m.feedPage('casa_raiz') })),
  ),
  'portal-inmueblesnetco': lazy(() =>
    import('../../features/portales/feed-page.tsx').then((m) => ({ default: m.feedPage('inmueblesnetco') })),
  ),
  'portal-cerouno': lazy(() => import('../../features/portales/feed-page.tsx').then((m) => ({ default: m.feedPage('cerouno') }))),
  'configurar-mensajes': lazy(() =>
    import('../../features/mensajes/configurar-mensajes-page.tsx').then((m) => ({ default: m.ConfigurarMensajesPage })),
  ),
  'bandeja-correos': lazy(() =>
    import('../../features/bandeja/bandeja-page.tsx').then((m) => ({ default: m.BandejaCorreosPage })),
  ),
  'gestion-documental': lazy(() =>
    import('../../features/gestion-documental/gestion-documental-page.tsx').then((m) => ({ default: m.GestionDocumentalPage })),
  ),
  'gd-estados': lazy(() =>
    import('../../features/gestion-documental/estados-page.tsx').then((m) => ({ default: m.EstadosGdPage })),
  ),
  'gd-configuracion': lazy(() =>
    import('../../features/gestion-documental/configuracion-page.tsx').then((m) => ({ default: m.ConfiguracionGdPage })),
  ),
  'gd-plantillas-cartas': lazy(() =>
    import('../../features/gestion-documental/plantillas-cartas-page.tsx').then((m) => ({ default: m.PlantillasCartasPage })),
  ),
  'gd-subseries-automaticas': lazy(() =>
    import('../../features/gestion-documental/subseries-automaticas-page.tsx').then((m) => ({
      default: m.SubseriesAutomaticasPage,
    })),
  ),
  'gd-permisos': lazy(() =>
    import('../../features/gestion-documental/permisos-page.tsx').then((m) => ({ default: m.PermisosGdPage })),
  ),
  'gd-importar-parametrizacion': lazy(() =>
    import('../../features/gestion-documental/importar-trd-page.tsx').then((m) => ({ default: m.ImportarTrdPage })),
  ),
  'buscar-gestion-documental': lazy(() =>
    import('../../features/gestion-documental/buscar-page.tsx').then((m) => ({ default: m.BuscarGestionDocumentalPage })),
  ),
  'firmar-documentos-pdf': lazy(() =>
    import('../../features/firmas/firmar-documentos-page.tsx').then((m) => ({ default: m.FirmarDocumentosPage })),
  ),
  'detalle-documento': lazy(() =>
    import('../../features/firmas/detalle-documento-page.tsx').then((m) => ({ default: m.DetalleDocumentoPage })),
  ),
  'plantillas-contratos': lazy(() =>
    import('../../features/contratos/plantillas-contratos-page.tsx').then((m) => ({ default: m.PlantillasContratosPage })),
  ),
  'editar-plantilla-contratos': lazy(() =>
    import('../../features/contratos/editar-plantilla-contratos-page.tsx').then((m) => ({
      default: m.EditarPlantillaContratosPage,
    })),
  ),
  contratos: lazy(() => import('../../features/contratos/contratos-page.tsx').then((m) => ({ default: m.ContratosPage }))),
  'contratos-coem': lazy(() =>
    import('../../features/contratos/contratos-page.tsx').then((m) => ({ default: m.ContratosCoemPage })),
  ),
  agenda: lazy(() => import('../../features/agenda/agenda-page.tsx').then((m) => ({ default: m.AgendaPage }))),
  'plantillas-inventarios': lazy(() =>
    import('../../features/inventarios/plantillas-page.tsx').then((m) => ({ default: m.PlantillasInventarioPage })),
  ),
  'plantilla-categorias': lazy(() =>
    import('../../features/inventarios/plantilla-categorias-page.tsx').then((m) => ({ default: m.PlantillaCategoriasPage })),
  ),
  'categoria-items': lazy(() =>
    import('../../features/inventarios/categoria-items-page.tsx').then((m) => ({ default: m.CategoriaItemsPage })),
  ),
  'plantillas-wizard': lazy(() =>
    import('../../features/inventarios/plantillas-wizard-page.tsx').then((m) => ({ default: m.PlantillasWizardPage })),
  ),
  'administracion-inventarios': lazy(() =>
    import('../../features/inventarios/inventarios-page.tsx').then((m) => ({ default: m.InventariosPage })),
  ),
  inventario: lazy(() => import('../../features/inventarios/inventario-page.tsx').then((m) => ({ default: m.InventarioPage }))),
  solicitudes: lazy(() =>
    import('../../features/solicitudes/solicitudes-page.tsx').then((m) => ({ default: m.SolicitudesPage })),
  ),
};

/** Master routes carry no component key: the contract's resource with that `ruta` selects the generic master screen. */
export const MaestroPage: LazyExoticComponent<ComponentType<{ def: ResourceDef; AccionFila?: AccionFilaMaestro | undefined }>> =
  lazy(() => import('../../features/maestros/maestro-page.tsx').then((m) => ({ default: m.MaestroPage })));

/**
 * A master whose rows carry something the generic form does not: one more action per row, by the master's
 * key. The categories of tareas have their guion (default checklist and due offset, idm 10586 as the master).
 */
export const ACCIONES_MAESTRO: Partial<Record<string, LazyExoticComponent<AccionFilaMaestro>>> = {
  'tareas-categorias': lazy(() =>
    import('../../features/tareas/guion-categoria.tsx').then((m) => ({ default: m.GuionCategoriaAccion })),
  ),
  categoriasdocumentosclientes: lazy(() =>
    import('../../features/zona-clientes/subida-categoria.tsx').then((m) => ({ default: m.SubidaCategoriaAccion })),
  ),
};

/**
 * A master shown inside a page of its own (by the leaf's `component`): the page gets the master's screen
 * as `maestro` and adds what goes beside it (Categorías de documentos: the documents shared with clients).
 */
export const PAGINAS_CON_MAESTRO: Partial<Record<string, LazyExoticComponent<ComponentType<{ maestro: ReactNode }>>>> = {
  'gd-estados': lazy(() =>
    import('../../features/gestion-documental/estados-page.tsx').then((m) => ({ default: m.EstadosGdPage })),
  ),
  'categorias-documentos-clientes': lazy(() =>
    import('../../features/zona-clientes/documentos-page.tsx').then((m) => ({ default: m.DocumentosClientesPage })),
  ),
};
export const maestroDeRuta = (route: FlatRoute): ResourceDef | undefined => recursoDeRuta(route.fullPath);

/** The route opens a working page (a master or a registered page), not the construction page. */
export const estaConstruida = (route: FlatRoute): boolean =>
  maestroDeRuta(route) !== undefined || (route.component !== undefined && PAGES[route.component] !== undefined);

export const ConstructionPage: LazyExoticComponent<ComponentType<{ route: FlatRoute }>> = lazy(() =>
  import('../pages/construction-page.tsx').then((m) => ({ default: m.ConstructionPage })),
);
