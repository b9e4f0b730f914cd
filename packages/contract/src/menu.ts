// The menu tree of spec §2 as data. The web router, the sidebar, the header search
// and the API's permission checks are all derived from it.

export const MODULOS = {
  inmuebles: 'Propiedades e inventarios',
  terceros: 'Clientes y contactos (terceros)',
  agenda: 'Agenda',
  mensajeria: 'Correo y SMS',
  gestionDocumental: 'Gestión documental',
  firmas: 'Firmas electrónicas',
  tareas: 'Tareas',
  informes: 'Informes',
  paginaWeb: 'Página web',
  zonaClientes: 'Zona clientes',
  empresa: 'Configuración de la empresa',
} as const;
export type Modulo = keyof typeof MODULOS;

export type ParamRule = 'numeric' | 'optional' | 'optional-numeric' | 'text';

export type MenuNode = {
  /** Segment relative to the parent, without leading slash. */
  path: string;
  name: string;
  title: string;
  idm?: number;
  hidden?: boolean;
  /** A page another site sends the person back to (an OAuth2 return): never offered by the search. */
  retorno?: boolean;
  affix?: boolean;
  noCache?: boolean;
  icon?: string;
  /** Page key resolved by the web app; absent means 'Módulo en construcción'. */
  component?: string;
  modulo?: Modulo;
  params?: Record<string, ParamRule>;
  children?: MenuNode[];
};

type LeafOpts = Partial<Omit<MenuNode, 'path' | 'name' | 'title' | 'idm' | 'children'>>;

function leaf(path: string, name: string, title: string, idm: number, modulo: Modulo, opts: LeafOpts = {}): MenuNode {
  return { path, name, title, idm, modulo, ...opts };
}
function group(path: string, name: string, title: string, icon: string, children: MenuNode[]): MenuNode {
  return { path, name, title, icon, children };
}

export const MENU: MenuNode[] = [
  group('archivo', 'Archivo', 'Archivo', 'folder', [
    leaf('agenda', 'Agenda', 'Agenda', 489, 'agenda', { component: 'agenda' }),
    leaf('empresa', 'Empresa', 'Compañia', 3, 'empresa', { component: 'empresa' }),
    leaf('usuarios', 'Usuarios', 'Usuarios', 37, 'empresa', { component: 'usuarios' }),
    group('utilidades', 'Utilidades', 'Utilidades', 'tool', [
      leaf('reasignarinmuebles', 'ReasignarInmuebles', 'Reasignar inmuebles', 10545, 'inmuebles', {
        component: 'reasignar-inmuebles',
      }),
      leaf('modificaciones-inmuebles', 'ModificacionesInmuebles', 'Modificaciones de inmuebles', 19, 'inmuebles', {
        component: 'modificaciones-inmuebles',
      }),
      leaf('modificaciones-agenda', 'ModificacionesAgenda', 'Modificaciones de agenda', 19, 'agenda', {
        component: 'modificaciones-agenda',
      }),
      leaf('geo-localizar-inmuebles', 'GeoLocalizarInmuebles', 'Geolocalizar inmuebles', 31, 'inmuebles', {
        component: 'geolocalizar-inmuebles',
      }),
      leaf('logs-sistema', 'LogsSistema', 'Logs del sistema', 31, 'empresa', { component: 'logs-sistema' }),
      leaf('cerrar-clientes-en-cascada', 'CerrarClientesEnCascada', 'Cerrar clientes en cascada', 10603, 'terceros', {
        component: 'cerrar-clientes-en-cascada',
      }),
    ]),
  ]),
  group('maestros', 'Maestros', 'Maestros', 'database', [
    leaf('configurar', 'Configurar', 'Configurar', 55, 'empresa', { component: 'configurar' }),
    leaf('terceros', 'Terceros', 'Terceros', 59, 'terceros', { component: 'terceros' }),
    group('inmuebles', 'MaestrosInmuebles', 'Maestros de inmuebles', 'home', [
      leaf('municipios', 'Municipios', 'Municipios', 62, 'inmuebles'),
      leaf('barrios', 'Barrios', 'Barrios', 63, 'inmuebles'),
      leaf('sectores', 'Sectores', 'Sectores', 63, 'inmuebles'),
      leaf('zonas', 'Zonas', 'Zonas', 10571, 'inmuebles'),
      leaf('captacion', 'Captacion', 'Medios de captación', 10571, 'inmuebles'),
      leaf('causales', 'Causales', 'Causales de retiro', 65, 'inmuebles'),
      leaf('caracteristicas', 'Caracteristicas', 'Características', 10571, 'inmuebles'),
      leaf('inmobiliarias', 'Inmobiliarias', 'Inmobiliarias aliadas', 10549, 'inmuebles'),
    ]),
    group('clientes', 'MaestrosClientes', 'Maestros de clientes', 'team', [
      leaf('mediospublicitarios', 'MediosPublicitarios', 'Medios publicitarios', 10531, 'terceros'),
      leaf('mediosautmanejodatos', 'MediosAutManejoDatos', 'Medios de autorización de datos', 10589, 'terceros'),
    ]),
    group('agenda', 'MaestrosAgenda', 'Maestros de agenda', 'calendar', [
      leaf('categoriasagenda', 'CategoriasAgenda', 'Categorías de agenda', 10546, 'agenda'),
      leaf('resultadosagenda', 'ResultadosAgenda', 'Resultados de agenda', 10554, 'agenda'),
    ]),
  ]),
  group('propiedades', 'Propiedades', 'Propiedades', 'home', [
    leaf('inmueble/nuevo', 'InmuebleNuevo', 'Nuevo inmueble', 490, 'inmuebles', { component: 'inmueble' }),
    leaf('inmueble/:consecutivo', 'InmuebleEditar', 'Editar inmueble', 490, 'inmuebles', {
      component: 'inmueble',
      hidden: true,
      noCache: true,
      params: { consecutivo: 'numeric' },
    }),
    leaf('inmuebles-disponibles', 'InmueblesDisponibles', 'Inmuebles disponibles', 491, 'inmuebles', {
      component: 'inmuebles-disponibles',
    }),
    leaf('clientes-atendidos', 'ClientesAtendidos', 'Clientes atendidos', 463, 'terceros', { component: 'clientes-atendidos' }),
    leaf('buscador-clientes-atendidos', 'BuscadorClientesAtendidos', 'Buscador de clientes atendidos', 463, 'terceros', {
      component: 'buscador-clientes-atendidos',
    }),
    leaf('solicitudes', 'Solicitudes', 'Solicitudes', 73, 'terceros', { component: 'solicitudes' }),
    group('portales', 'Portales', 'Sincronizadores de portales', 'global', [
      leaf('fincaraiz', 'Fincaraiz', 'Fincaraíz', 514, 'inmuebles', { component: 'portal-fincaraiz' }),
      leaf('ciencuadras', 'Ciencuadras', 'Ciencuadras', 10513, 'inmuebles', { component: 'portal-ciencuadras' }),
      leaf('metrocuadrado', 'Metrocuadrado', 'Metrocuadrado', 515, 'inmuebles', { component: 'portal-metrocuadrado' }),
      leaf('mercadolibre', 'Mercadolibre', 'Mercado Libre', 516, 'inmuebles', { component: 'portal-mercadolibre' }),
      leaf('authmercadolibre', 'AuthMercadolibre', 'Autorización Mercado Libre', 516, 'inmuebles', {
        hidden: true,
        retorno: true,
        component: 'portal-authmercadolibre',
      }),
      leaf('proppit', 'Proppit', 'Proppit', 10541, 'inmuebles', { component: 'portal-proppit' }),
      leaf('impulso-raiz', 'ImpulsoRaiz', 'Impulso Raíz', 10566, 'inmuebles', { component: 'portal-impulso-raiz' }),
      leaf('casa-raiz', 'CasaRaiz', 'Casa Raíz', 10530, 'inmuebles', { component: 'portal-casa-raiz' }),
      leaf('inmueblesnetco', 'InmueblesNetCo', 'Inmuebles.net.co', 10543, 'inmuebles', { component: 'portal-inmueblesnetco' }),
      leaf('wasi', 'Wasi', 'Wasi', 10606, 'inmuebles', { component: 'portal-wasi' }),
      leaf('domus', 'Domus', 'Domus', 10607, 'inmuebles', { component: 'portal-domus' }),
      leaf('cerouno', 'CeroUno', 'CeroUno', 10605, 'inmuebles', { component: 'portal-cerouno' }),
    ]),
  ]),
  group('inventarios', 'Inventarios', 'Inventarios', 'container', [
    leaf('plantillas-inventarios', 'PlantillasInventarios', 'Plantillas de inventarios', 10593, 'inmuebles', {
      component: 'plantillas-inventarios',
    }),
    leaf('plantilla/:id/categorias', 'PlantillaCategorias', 'Categorías de plantilla', 10593, 'inmuebles', {
      hidden: true,
      params: { id: 'numeric' },
      component: 'plantilla-categorias',
    }),
    leaf('categoria/:id/items', 'CategoriaItems', 'Ítems de categoría', 10593, 'inmuebles', {
      hidden: true,
      params: { id: 'numeric' },
      component: 'categoria-items',
    }),
    leaf('plantillas-wizard', 'PlantillasWizard', 'Asistente de plantillas', 10593, 'inmuebles', {
      hidden: true,
      component: 'plantillas-wizard',
    }),
    leaf('administracion-inventarios', 'AdministracionInventarios', 'Administración de inventarios', 496, 'inmuebles', {
      component: 'administracion-inventarios',
    }),
    leaf('inventario/:id', 'Inventario', 'Inventario', 496, 'inmuebles', {
      hidden: true,
      params: { id: 'numeric' },
      component: 'inventario',
    }),
  ]),
  group('zonaclientes', 'ZonaClientes', 'Zona clientes', 'user', [
    leaf('configurarzonaclientes', 'ConfigurarZonaClientes', 'Configurar zona clientes', 499, 'zonaClientes', {
      component: 'configurar-zona-clientes',
    }),
    leaf('categoriasdocumentosclientes', 'CategoriasDocumentosClientes', 'Categorías de documentos', 10525, 'zonaClientes', {
      component: 'categorias-documentos-clientes',
    }),
    leaf('informacionzonaclientes', 'InformacionZonaClientes', 'Información zona clientes', 201, 'zonaClientes', {
      component: 'informacion-zona-clientes',
    }),
    leaf('solicitudesmantenimiento', 'SolicitudesMantenimiento', 'Solicitudes de mantenimiento', 10550, 'zonaClientes', {
      component: 'solicitudes-mantenimiento',
    }),
  ]),
  group('informes', 'Informes', 'Informes', 'bar-chart', [
    leaf('citasporasesor', 'CitasPorAsesor', 'Citas por asesor', 490, 'informes', { component: 'informe-citasporasesor' }),
    leaf('propiedadesporasesor', 'PropiedadesPorAsesor', 'Propiedades por asesor', 10544, 'informes', {
      component: 'informe-propiedadesporasesor',
    }),
    leaf('inmueblesnovisitados', 'InmueblesNoVisitados', 'Inmuebles no visitados', 10522, 'informes', {
      component: 'informe-inmueblesnovisitados',
    }),
    leaf('propiedadesconsignadas', 'PropiedadesConsignadas', 'Propiedades consignadas', 10514, 'informes', {
      component: 'informe-propiedadesconsignadas',
    }),
    leaf('propiedadesretiradascausal', 'PropiedadesRetiradasCausal', 'Propiedades retiradas por causal', 10515, 'informes', {
      component: 'informe-propiedadesretiradascausal',
    }),
    leaf('solicitudes', 'InformeSolicitudes', 'Informe de solicitudes', 230, 'informes', { component: 'informe-solicitudes' }),
    leaf('verificar-disponibilidad', 'VerificarDisponibilidad', 'Verificar disponibilidad', 10551, 'informes', {
      component: 'informe-verificar-disponibilidad',
    }),
    leaf('gestion-comercial', 'GestionComercial', 'Gestión comercial', 10590, 'informes', {
      component: 'informe-gestion-comercial',
    }),
    leaf('clientesatendidos', 'InformeClientesAtendidos', 'Clientes atendidos', 10516, 'informes', {
      component: 'informe-clientesatendidos',
    }),
    leaf('clientesatendidosregistro', 'ClientesAtendidosRegistro', 'Registro de clientes atendidos', 10516, 'informes', {
      component: 'informe-clientesatendidosregistro',
    }),
    leaf('cruceclientesinmuebles', 'CruceClientesInmuebles', 'Cruce de clientes e inmuebles', 10517, 'informes', {
      component: 'informe-cruceclientesinmuebles',
    }),
    leaf('seguimiento-asesores', 'SeguimientoAsesores', 'Seguimiento de asesores', 10517, 'informes', {
      component: 'informe-seguimiento-asesores',
    }),
    leaf('emails-enviados', 'EmailsEnviados', 'Correos enviados', 10562, 'informes', { component: 'emails-enviados' }),
    leaf('sms-enviados', 'SmsEnviados', 'SMS enviados', 10562, 'informes', { component: 'sms-enviados' }),
    leaf('visitas', 'Visitas', 'Visitas', 10569, 'informes', { component: 'informe-visitas' }),
    leaf('encuestas', 'InformeEncuestas', 'Encuestas', 10588, 'informes', { component: 'informe-encuestas' }),
    leaf('mod-tarea', 'ModTarea', 'Modificaciones de tareas', 10584, 'informes', { component: 'mod-tarea' }),
  ]),
  group('paginaweb', 'PaginaWeb', 'Página web', 'global', [
    leaf('noticias', 'Noticias', 'Noticias', 202, 'paginaWeb', { component: 'paginaweb-noticias' }),
    leaf('banners', 'Banners', 'Banners', 10535, 'paginaWeb', { component: 'paginaweb-banners' }),
    leaf('formularios', 'Formularios', 'Formularios', 10536, 'paginaWeb', { component: 'paginaweb-formularios' }),
    leaf('popupinicio', 'PopupInicio', 'Popup de inicio', 10538, 'paginaWeb', { component: 'paginaweb-popupinicio' }),
    leaf('sesion-texto', 'SesionTexto', 'Sesión de texto', 10565, 'paginaWeb', { component: 'paginaweb-sesion-texto' }),
    leaf('banco-de-trabajo', 'BancoDeTrabajo', 'Banco de trabajo', 202, 'paginaWeb', { component: 'paginaweb-banco-de-trabajo' }),
    leaf('encuestas', 'Encuestas', 'Encuestas', 10587, 'paginaWeb', { component: 'paginaweb-encuestas' }),
  ]),
  group('gestion-documental', 'GestionDocumentalGrupo', 'Gestión documental', 'file-text', [
    group('maestros', 'MaestrosGestionDocumental', 'Maestros de gestión documental', 'database', [
      leaf('configuracion', 'ConfiguracionGestionDocumental', 'Configuración', 10574, 'gestionDocumental', {
        component: 'gd-configuracion',
      }),
      leaf('importar-parametrizacion', 'ImportarParametrizacion', 'Importar parametrización', 10574, 'gestionDocumental', {
        component: 'gd-importar-parametrizacion',
      }),
      leaf('estado-gestion-documental', 'EstadoGestionDocumental', 'Estados de gestión documental', 10602, 'gestionDocumental', {
        component: 'gd-estados',
      }),
      leaf('areas-de-la-empresa', 'AreasDeLaEmpresa', 'Áreas de la empresa', 10575, 'gestionDocumental'),
      leaf('series-documentales', 'SeriesDocumentales', 'Series documentales', 10576, 'gestionDocumental'),
      leaf('subseries-documentales', 'SubseriesDocumentales', 'Subseries documentales', 10577, 'gestionDocumental'),
      leaf(
        'permisos-gestion-documental',
        'PermisosGestionDocumental',
        'Permisos de gestión documental',
        10578,
        'gestionDocumental',
        { component: 'gd-permisos' },
      ),
      leaf(
        'subseries-documentales-automaticos',
        'SubseriesDocumentalesAutomaticos',
        'Subseries automáticas',
        10591,
        'gestionDocumental',
        { component: 'gd-subseries-automaticas' },
      ),
      leaf('tipos-documentales', 'TiposDocumentales', 'Tipos documentales', 10596, 'gestionDocumental'),
    ]),
    leaf('gestion-documental', 'GestionDocumental', 'Gestión documental', 10579, 'gestionDocumental', {
      component: 'gestion-documental',
    }),
    leaf('plantillas-cartas', 'PlantillasCartas', 'Plantillas de cartas', 10580, 'gestionDocumental', {
      component: 'gd-plantillas-cartas',
    }),
    leaf(
      'buscar-gestion-documental/:consecutivo?',
      'BuscarGestionDocumental',
      'Buscar gestión documental',
      10581,
      'gestionDocumental',
      {
        params: { consecutivo: 'optional' },
        component: 'buscar-gestion-documental',
      },
    ),
  ]),
  group('firmas-electronicas', 'FirmasElectronicas', 'Firmas electrónicas', 'edit', [
    leaf('tipos-documentos-a-firmar', 'TiposDocumentosAFirmar', 'Tipos de documentos a firmar', 10592, 'firmas'),
    leaf('plantillas-contratos', 'PlantillasContratos', 'Plantillas de contratos', 10599, 'firmas', {
      component: 'plantillas-contratos',
    }),
    leaf(
      'editar-plantilla-contratos/:contrato/:programa',
      'EditarPlantillaContratos',
      'Editar plantilla de contrato',
      10599,
      'firmas',
      {
        hidden: true,
        noCache: true,
        params: { contrato: 'text', programa: 'text' },
        component: 'editar-plantilla-contratos',
      },
    ),
    leaf('contratos', 'Contratos', 'Contratos', 76, 'firmas', { component: 'contratos' }),
    leaf('contratos-coem', 'ContratosCoem', 'Contratos COEM', 10600, 'firmas', { component: 'contratos-coem' }),
    leaf(
      'firmar-electronicamente-documentos-pdf/:idDocumento?',
      'FirmarDocumentosPdf',
      'Firmar documentos PDF',
      10582,
      'firmas',
      {
        params: { idDocumento: 'optional' },
        component: 'firmar-documentos-pdf',
      },
    ),
    leaf('detalle-documento/:id', 'DetalleDocumento', 'Detalle del documento', 10582, 'firmas', {
      hidden: true,
      noCache: true,
      params: { id: 'text' },
      component: 'detalle-documento',
    }),
  ]),
  group('tareas', 'Tareas', 'Tareas', 'check-square', [
    leaf('asignar-tareas', 'AsignarTareas', 'Asignar tareas', 10584, 'tareas', { component: 'asignar-tareas' }),
    leaf('listas-de-verificacion', 'ListasDeVerificacion', 'Listas de verificación', 10586, 'tareas', {
      component: 'listas-de-verificacion',
    }),
    leaf('tareas-categorias', 'TareasCategorias', 'Categorías de tareas', 10586, 'tareas'),
    leaf('tareas-prioridades', 'TareasPrioridades', 'Prioridades de tareas', 10586, 'tareas'),
    leaf('tarea/:consecutivo', 'Tarea', 'Tarea', 10584, 'tareas', {
      component: 'tarea',
      hidden: true,
      noCache: true,
      params: { consecutivo: 'numeric' },
    }),
  ]),
  group('emails', 'Emails', 'Correos', 'mail', [
    leaf('configurar-mensajes', 'ConfigurarMensajes', 'Configurar mensajes', 10555, 'mensajeria', {
      component: 'configurar-mensajes',
    }),
    leaf('bandeja-correos', 'BandejaCorreos', 'Bandeja de correos', 509, 'mensajeria', { component: 'bandeja-correos' }),
  ]),
  group('configurartv', 'ConfigurarTvGrupo', 'Configurar TV', 'desktop', [
    leaf('index', 'ConfigurarTv', 'Configurar TV', 10521, 'inmuebles', { component: 'configurar-tv' }),
  ]),
];

/** Pages every logged-in user reaches (no idm). Rendered inside the layout. */
export const SHELL_ROUTES: MenuNode[] = [
  { path: 'inicio', name: 'Inicio', title: 'Inicio', affix: true, component: 'inicio', icon: 'dashboard' },
  { path: 'soporte', name: 'Soporte', title: 'Soporte', affix: true, component: 'soporte', icon: 'customer-service' },
  {
    path: 'mis-notificaciones',
    name: 'MisNotificaciones',
    title: 'Mis notificaciones',
    hidden: true,
    component: 'notificaciones-config',
  },
  { path: 'perfil', name: 'Perfil', title: 'Mi perfil', hidden: true, component: 'perfil' },
];

export type FlatRoute = MenuNode & { fullPath: string; parents: MenuNode[] };

export function joinPath(base: string, seg: string): string {
  const s = seg.replace(/^\/+/, '');
  return base.endsWith('/') ? base + s : `${base}/${s}`;
}

/** Every leaf with its absolute path and its chain of parents (for breadcrumbs). */
export function flattenMenu(nodes: MenuNode[], base = '/', parents: MenuNode[] = []): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const n of nodes) {
    const fullPath = joinPath(base, n.path);
    if (n.children) out.push(...flattenMenu(n.children, fullPath, [...parents, n]));
    else out.push({ ...n, fullPath, parents });
  }
  return out;
}

/** Parses a permisos string: 'All' or comma-separated ids (spec §6). */
export function parsePermisos(permisos: string | null | undefined): 'All' | Set<number> {
  const p = (permisos ?? '').trim();
  if (p.toLowerCase() === 'all') return 'All';
  const ids = new Set<number>();
  for (const part of p.split(',')) {
    const n = Number(part.trim());
    if (part.trim() !== '' && Number.isInteger(n)) ids.add(n);
  }
  return ids;
}

export function hasIdm(permisos: string | null | undefined, idm: number): boolean {
  const parsed = parsePermisos(permisos);
  return parsed === 'All' || parsed.has(idm);
}

/** What `pedidos` holds beyond `propios`: 'All' when it asks for everything and `propios` is not 'All', else the missing ids. */
export function permisosFaltantes(propios: string, pedidos: string): ('All' | number)[] {
  const tiene = parsePermisos(propios);
  if (tiene === 'All') return [];
  const pide = parsePermisos(pedidos);
  if (pide === 'All') return ['All'];
  return [...pide].filter((id) => !tiene.has(id)).sort((a, b) => a - b);
}

/** Keeps the routes the user may see; groups survive only with a visible child (spec §2). */
export function filterMenu(nodes: MenuNode[], permisos: string | null | undefined): MenuNode[] {
  const parsed = parsePermisos(permisos);
  const allowed = (idm?: number) => idm === undefined || parsed === 'All' || parsed.has(idm);
  const walk = (list: MenuNode[]): MenuNode[] =>
    list.flatMap((n) => {
      if (n.children) {
        const children = walk(n.children);
        return children.length > 0 ? [{ ...n, children }] : [];
      }
      return allowed(n.idm) ? [n] : [];
    });
  return walk(nodes);
}

/** Every idm that appears in the tree, sorted. */
export function allIdms(nodes: MenuNode[] = MENU): number[] {
  return [...new Set(flattenMenu(nodes).flatMap((r) => (r.idm === undefined ? [] : [r.idm])))].sort((a, b) => a - b);
}
