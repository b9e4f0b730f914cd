import { sql } from 'drizzle-orm';
import {
  enviarRecordatorio,
  recordatoriosSerie,
  TIPO_TRABAJO_RECORDATORIO,
  TIPO_TRABAJO_RECORDATORIOS_SERIE,
} from './modules/agenda/agenda.service.ts';
import { diarioEmpresa, TIPO_TRABAJO_DIARIO, TIPO_TRABAJO_DIARIO_EMPRESA } from './modules/tareas/tareas.service.ts';
import { empresasConTareas } from './modules/tareas/tareas.repo.ts';
import { vacuumAnalizar } from './db/mantenimiento.ts';
import { empresasConAvisos, avisarConsignaciones } from './modules/inmuebles/inmuebles-consignacion.service.ts';
import { CARPETA_LOGOS } from './modules/empresa/empresa.service.ts';
import { CARPETA_FOTOS } from './modules/terceros/terceros.service.ts';
import type { Deps } from './platform/deps.ts';
import { enTenant } from './platform/tenant.ts';
import { encolar, Trabajos, type OpcionesTrabajos } from './platform/jobs/trabajos.ts';
import { limpiarAdjuntos } from './platform/mail/limpieza.ts';
import { Cifrador, cifradorDe } from './platform/mensajes/cifrado.ts';
import {
  empresasConFirmasEnCurso,
  pasoDiario as pasoDiarioFirmas,
  radicarFirmado,
  sellarFirmado,
  TRABAJO_FIRMAS_DIARIO,
  TRABAJO_FIRMAS_DIARIO_EMPRESA,
  TRABAJO_FIRMAS_RADICAR,
  TRABAJO_FIRMAS_SELLAR,
} from './modules/firmas/firmas.service.ts';
import { enviarMensaje, MAX_INTENTOS_MENSAJE, TRABAJO_ENVIAR_MENSAJE } from './platform/mensajes/salida.ts';
import {
  encolarTodas,
  leerContactos,
  MAX_INTENTOS_CONTACTOS,
  TRABAJO_CONTACTOS,
  TRABAJO_CONTACTOS_TODOS,
} from './modules/portales/contactos.service.ts';
import { MAX_INTENTOS_PORTAL, PROPOSITO_CIFRADO, sincronizar, TRABAJO_SINCRONIZAR } from './modules/portales/portales.service.ts';
import {
  conciliar,
  encolarConciliaciones,
  MAX_INTENTOS_CONCILIAR,
  TRABAJO_CONCILIAR,
  TRABAJO_CONCILIAR_TODOS,
} from './modules/portales/conciliacion.service.ts';
import { marcarEnServidor, sincronizarCuenta } from './modules/bandeja/bandeja-sync.ts';
import { PROPOSITO_CIFRADO_BANDEJA } from './modules/bandeja/bandeja.routes.ts';
import { TRABAJO_BANDEJA_MARCAR, TRABAJO_BANDEJA_SINCRONIZAR, TRABAJO_BANDEJA_TODAS } from '@predio/contract/bandeja';
import { queryRows } from './db/rows.ts';
import { CARPETA_ARCHIVOS } from './platform/archivos/archivos.service.ts';
import { borrarArchivosSinUso } from './platform/storage/sin-uso.ts';
import { nominatim } from './platform/geo/geocodificador.ts';
import { publicarProgramada, TRABAJO_PUBLICAR } from './modules/pagina-web/pagina-web.service.ts';
import { enviarAutomaticas } from './modules/pagina-web/encuestas.service.ts';
import { empresasConEncuestasAutomaticas } from './modules/pagina-web/encuestas.repo.ts';
import { TRABAJO_ENCUESTAS_AUTOMATICAS, TRABAJO_ENCUESTAS_AUTOMATICAS_EMPRESA } from '@predio/contract/pagina-web-encuestas';
import { geocodificarInmueble, TRABAJO_GEOCODIFICAR } from './modules/inmuebles/inmuebles-geocodificar.ts';
import { radicarEnGestionDocumental, TRABAJO_RADICAR } from './modules/inventarios/inventarios.service.ts';
import { TRABAJO_INFORME_ENVIAR, TRABAJO_INFORMES_PROGRAMADOS } from '@predio/contract/informes';
import {
  avisarVencimientos,
  empresasConVencimientos,
  TRABAJO_GD_DIARIO,
  TRABAJO_GD_DIARIO_EMPRESA,
} from './modules/gestion-documental/radicados.service.ts';
import { extraerTexto, TRABAJO_GD_EXTRAER_TEXTO } from './modules/gestion-documental/texto.service.ts';
import { avisarRetencion, empresasConRetencion } from './modules/gestion-documental/expedientes.service.ts';
import { enviarInforme, programarEnvios, type DatosEnvio } from './modules/informes/informes-envio.ts';

/** Finished jobs are kept this long for the screen, then deleted (failed ones stay until retried). */
export const DIAS_TRABAJOS = 30;

const MINUTO = 60_000;

/**
 * The runner of this process with every job the server defines, and the daily programme (Bogotá
 * time, docs/jobs.md). Started by main.ts; tests start their own.
 */
export function crearTrabajos(deps: Deps, opciones: OpcionesTrabajos = {}): Trabajos {
  const { db, config } = deps;
  const t = new Trabajos(db, { databaseUrl: config.databaseUrl, ...opciones });
  if (db.kind === 'pglite')
    t.definir({
      tipo: 'mantenimiento.vacuum',
      timeoutMs: 60 * MINUTO,
      maxIntentos: 2,
      manejar: async () => ({ ms: await vacuumAnalizar(db) }),
    }).programar({ tipo: 'mantenimiento.vacuum', cada: 'dia', hora: 3 });
  // A closed inventory's PDF filed in gestión documental (docs/inventarios.md).
  t.definir({
    tipo: TRABAJO_RADICAR,
    timeoutMs: 2 * MINUTO,
    maxIntentos: 5,
    esperaMs: 60_000,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        radicarEnGestionDocumental({
          ...scope,
          storage: deps.storage,
          idEmpresa: j.idEmpresa!,
          id: Number(j.datos.id),
          cual: j.datos.cual === 'acta' ? 'acta' : 'pdf',
          usuario: String(j.datos.usuario ?? 'sistema'),
          idUsuario: Number(j.datos.idUsuario ?? 0),
        }),
      ),
  });
  // SMS and WhatsApp (docs/mensajes.md): one job per message, retried with backoff, then «fallido».
  const cifrador = new Cifrador(config.mensajesClave ?? config.sessionSecret);
  t.definir({
    tipo: TRABAJO_ENVIAR_MENSAJE,
    timeoutMs: 60_000,
    maxIntentos: MAX_INTENTOS_MENSAJE,
    esperaMs: 30_000,
    manejar: (j) =>
      enviarMensaje({
        db,
        cifrador,
        idEmpresa: j.idEmpresa!,
        id: Number(j.datos.id),
        intento: j.intento,
        maxIntentos: MAX_INTENTOS_MENSAJE,
        signal: j.signal,
      }),
  });
  // Portals (docs/portales.md): one job per property, portal and request; a 429's Retry-After is honoured.
  const cifradorPortales = new Cifrador(config.mensajesClave ?? config.sessionSecret, PROPOSITO_CIFRADO);
  t.definir({
    tipo: TRABAJO_SINCRONIZAR,
    timeoutMs: 5 * MINUTO,
    maxIntentos: MAX_INTENTOS_PORTAL,
    esperaMs: 30_000,
    manejar: (j) =>
      sincronizar({
        db,
        storage: deps.storage,
        cifrador: cifradorPortales,
        idEmpresa: j.idEmpresa!,
        datos: j.datos as Parameters<typeof sincronizar>[0]['datos'],
        intento: j.intento,
        maxIntentos: MAX_INTENTOS_PORTAL,
        signal: j.signal,
        urlPublica: config.publicUrl,
      }),
  });
  // Contacts from portals (docs/portales.md): each hour every company with Mercado Libre active gets a read.
  t.definir({
    tipo: TRABAJO_CONTACTOS,
    timeoutMs: 5 * MINUTO,
    maxIntentos: MAX_INTENTOS_CONTACTOS,
    esperaMs: 30_000,
    manejar: (j) =>
      leerContactos({
        db,
        hub: deps.hub,
        mailer: deps.mailer,
        cifrador: cifradorPortales,
        idEmpresa: j.idEmpresa!,
        portal: j.datos.portal as Parameters<typeof leerContactos>[0]['portal'],
        intento: j.intento,
        maxIntentos: MAX_INTENTOS_CONTACTOS,
        signal: j.signal,
      }),
  });
  t.definir({ tipo: TRABAJO_CONTACTOS_TODOS, manejar: () => encolarTodas(db) }).programar({
    tipo: TRABAJO_CONTACTOS_TODOS,
    cada: 'hora',
    minuto: 20,
  });
  // Nightly reconciliation of the portals (docs/portales.md): each company's listings read back from each
  // portal that allows it, and the local state corrected; at 02:40, when nobody is publishing.
  t.definir({
    tipo: TRABAJO_CONCILIAR,
    timeoutMs: 30 * MINUTO,
    maxIntentos: MAX_INTENTOS_CONCILIAR,
    esperaMs: 60_000,
    manejar: (j) =>
      conciliar({
        db,
        cifrador: cifradorPortales,
        idEmpresa: j.idEmpresa!,
        portal: j.datos.portal as Parameters<typeof conciliar>[0]['portal'],
        intento: j.intento,
        maxIntentos: MAX_INTENTOS_CONCILIAR,
        signal: j.signal,
      }),
  });
  t.definir({ tipo: TRABAJO_CONCILIAR_TODOS, manejar: () => encolarConciliaciones(db) }).programar({
    tipo: TRABAJO_CONCILIAR_TODOS,
    cada: 'dia',
    hora: 2,
    minuto: 40,
  });
  // Bandeja de correos (docs/mensajes.md): a user's IMAP box brought up to date; the error, in Spanish, is
  // also kept on the box for its screen. Few attempts: the person can press «Sincronizar» again.
  const cifradorBandeja = cifradorDe(config, PROPOSITO_CIFRADO_BANDEJA);
  t.definir({
    tipo: TRABAJO_BANDEJA_SINCRONIZAR,
    timeoutMs: 10 * MINUTO,
    maxIntentos: 3,
    esperaMs: 30_000,
    manejar: (j) =>
      sincronizarCuenta({
        db,
        cifrador: cifradorBandeja,
        idEmpresa: j.idEmpresa!,
        idCuenta: Number(j.datos.idCuenta),
        signal: j.signal,
      }),
  });
  // What was read (or marked unread) in Predio, written back to the server as \Seen.
  t.definir({
    tipo: TRABAJO_BANDEJA_MARCAR,
    timeoutMs: 2 * MINUTO,
    maxIntentos: 5,
    esperaMs: 30_000,
    manejar: (j) =>
      marcarEnServidor({
        db,
        cifrador: cifradorBandeja,
        idEmpresa: j.idEmpresa!,
        idCuenta: Number(j.datos.idCuenta),
        signal: j.signal,
      }),
  });
  // Every hour each box with a password gets a sync of its own (a company's job, which its
  // administrator sees); pressing «Sincronizar» does not wait for it.
  t.definir({
    tipo: TRABAJO_BANDEJA_TODAS,
    manejar: async () => {
      const cuentas = await db.system((tx) =>
        queryRows<{ id: number; id_empresa: number }>(tx, sql`select id, id_empresa from correo_cuenta where imap_clave <> ''`),
      );
      const hora = new Date().toISOString().slice(0, 13);
      await db.system(async (tx) => {
        for (const c of cuentas)
          await encolar(tx, {
            tipo: TRABAJO_BANDEJA_SINCRONIZAR,
            idEmpresa: c.id_empresa,
            datos: { idCuenta: c.id },
            clave: `bandeja:${c.id}@${hora}`,
          });
      });
      return { cuentas: cuentas.length };
    },
  }).programar({ tipo: TRABAJO_BANDEJA_TODAS, cada: 'hora', minuto: 10 });
  t.definir({
    tipo: 'archivos.limpiar-adjuntos',
    timeoutMs: 30 * MINUTO,
    manejar: () => limpiarAdjuntos({ db, storage: deps.storage, dias: config.correoAdjuntosDias }),
  }).programar({ tipo: 'archivos.limpiar-adjuntos', cada: 'dia', hora: 4 });
  t.definir({
    tipo: 'archivos.borrar-sin-uso',
    timeoutMs: 30 * MINUTO,
    manejar: () =>
      borrarArchivosSinUso({ db, storage: deps.storage, carpetas: [CARPETA_FOTOS, CARPETA_LOGOS, CARPETA_ARCHIVOS] }),
  }).programar({ tipo: 'archivos.borrar-sin-uso', cada: 'dia', hora: 4, minuto: 15 });
  // The daily pass finds the companies with notices due and gives each a job of its own, which its
  // administrator sees (and may retry) under Logs del sistema.
  t.definir({
    tipo: 'inmuebles.avisos-consignacion',
    manejar: async () => {
      const empresas = await empresasConAvisos({ db });
      const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      await db.system(async (tx) => {
        for (const idEmpresa of empresas)
          await encolar(tx, { tipo: 'inmuebles.avisos-consignacion-empresa', idEmpresa, clave: `avisos-consignacion@${hoy}` });
      });
      return { empresas: empresas.length };
    },
  }).programar({ tipo: 'inmuebles.avisos-consignacion', cada: 'dia', hora: 7 });
  t.definir({
    tipo: 'inmuebles.avisos-consignacion-empresa',
    timeoutMs: 10 * MINUTO,
    manejar: (j) => avisarConsignaciones({ db, hub: deps.hub, mailer: deps.mailer, idEmpresa: j.idEmpresa! }),
  });
  // Firmas (docs/firmas.md): at 08:00 each company with documents out for signature gets a job that
  // marks those past their date vencido and reminds whoever has not signed.
  t.definir({
    tipo: TRABAJO_FIRMAS_DIARIO,
    manejar: async () => {
      const empresas = await empresasConFirmasEnCurso(db);
      const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      await db.system(async (tx) => {
        for (const idEmpresa of empresas)
          await encolar(tx, { tipo: TRABAJO_FIRMAS_DIARIO_EMPRESA, idEmpresa, clave: `firmas-diario@${hoy}` });
      });
      return { empresas: empresas.length };
    },
  }).programar({ tipo: TRABAJO_FIRMAS_DIARIO, cada: 'dia', hora: 8 });
  t.definir({
    tipo: TRABAJO_FIRMAS_DIARIO_EMPRESA,
    timeoutMs: 10 * MINUTO,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        pasoDiarioFirmas({ ...scope, hub: deps.hub, mailer: deps.mailer, cifrador: cifradorDe(config), idEmpresa: j.idEmpresa! }),
      ),
  });
  // The PDF everyone signed, sealed with the company's certificate (docs/firmas.md): the TSA, when set,
  // may take its 30 s, and the PDF may be 20 MB.
  t.definir({
    tipo: TRABAJO_FIRMAS_SELLAR,
    timeoutMs: 3 * MINUTO,
    maxIntentos: 5,
    esperaMs: 30_000,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        sellarFirmado({
          ...scope,
          hub: deps.hub,
          mailer: deps.mailer,
          storage: deps.storage,
          cifrador: cifradorDe(config),
          idEmpresa: j.idEmpresa!,
          id: Number(j.datos.id),
        }),
      ),
  });
  // A signed document's sealed PDF filed in gestión documental (docs/firmas.md).
  t.definir({
    tipo: TRABAJO_FIRMAS_RADICAR,
    timeoutMs: 2 * MINUTO,
    maxIntentos: 5,
    esperaMs: 60_000,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        radicarFirmado({ ...scope, storage: deps.storage, idEmpresa: j.idEmpresa!, id: Number(j.datos.id) }),
      ),
  });
  // Defined even without GEOCODER_URL, so jobs queued before it was removed end instead of waiting.
  const geocodificar = config.geocoderUrl
    ? nominatim({ url: config.geocoderUrl, agente: 'Predio (gestión inmobiliaria)' })
    : null;
  t.definir({
    tipo: TRABAJO_GEOCODIFICAR,
    timeoutMs: MINUTO,
    maxIntentos: 5,
    manejar: async (j) =>
      geocodificar
        ? geocodificarInmueble({ db, geocodificar, idEmpresa: j.idEmpresa!, consecutivo: Number(j.datos.consecutivo) })
        : { resultado: 'sin geocodificador' },
  });
  // Página web: a scheduled news is marked «publicada» at its moment (the site shows it by then anyway).
  t.definir({
    tipo: TRABAJO_PUBLICAR,
    timeoutMs: MINUTO,
    manejar: async (j) => ({
      publicada: await enTenant(db, j.idEmpresa!, ({ tx }) => publicarProgramada(tx, Number(j.datos.id))),
    }),
  });
  // Notice 102, a job per asesor and start written with the cita (agenda.service.ts).
  t.definir({
    tipo: TIPO_TRABAJO_RECORDATORIO,
    timeoutMs: MINUTO,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        enviarRecordatorio(
          { ...scope, hub: deps.hub, mailer: deps.mailer, idEmpresa: j.idEmpresa! },
          j.datos as { idCita: number; idUsuario: number; inicio: string },
        ),
      ),
  });
  // A series' reminders a week at a time: this job writes the next week's and its own next turn.
  t.definir({
    tipo: TIPO_TRABAJO_RECORDATORIOS_SERIE,
    timeoutMs: MINUTO,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) => recordatoriosSerie(scope, j.datos as { idSerie: number; desde: string })),
  });
  // Tasks (issue 26): at 07:00 Bogotá a job per company with open or recurring tasks sends the
  // due-tomorrow notices (402) and creates the next recurring tasks; the key makes it once a day.
  t.definir({
    tipo: TIPO_TRABAJO_DIARIO,
    manejar: async () => {
      const empresas = await db.system((tx) => empresasConTareas(tx));
      const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      await db.system(async (tx) => {
        for (const idEmpresa of empresas)
          await encolar(tx, { tipo: TIPO_TRABAJO_DIARIO_EMPRESA, idEmpresa, clave: `tareas-diario@${hoy}` });
      });
      return { empresas: empresas.length };
    },
  }).programar({ tipo: TIPO_TRABAJO_DIARIO, cada: 'dia', hora: 7 });
  t.definir({
    tipo: TIPO_TRABAJO_DIARIO_EMPRESA,
    timeoutMs: 10 * MINUTO,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        diarioEmpresa({ ...scope, hub: deps.hub, mailer: deps.mailer, idEmpresa: j.idEmpresa! }),
      ),
  });
  // Gestión documental (issue 28): at 07:00 Bogotá a job per company with radicados waiting for an answer
  // sends notice 502 for those due within two business days (once per deadline), and tells of expedientes
  // that fell due for transfer or final disposition (once per expediente and stage).
  t.definir({
    tipo: TRABAJO_GD_DIARIO,
    manejar: async () => {
      const hoy = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
      const empresas = await db.system(async (tx) => [
        ...new Set([...(await empresasConVencimientos(tx)), ...(await empresasConRetencion(tx, hoy))]),
      ]);
      await db.system(async (tx) => {
        for (const idEmpresa of empresas)
          await encolar(tx, { tipo: TRABAJO_GD_DIARIO_EMPRESA, idEmpresa, clave: `gd-vencimientos@${hoy}` });
      });
      return { empresas: empresas.length };
    },
  }).programar({ tipo: TRABAJO_GD_DIARIO, cada: 'dia', hora: 7, minuto: 5 });
  t.definir({
    tipo: TRABAJO_GD_DIARIO_EMPRESA,
    timeoutMs: 5 * MINUTO,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        (async () => {
          const o = {
            ...scope,
            hub: deps.hub,
            mailer: deps.mailer,
            idEmpresa: j.idEmpresa!,
            hoy: new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10),
          };
          const radicados = await avisarVencimientos(o);
          // Expedientes falling due for transfer or final disposition (once per expediente and stage).
          const expedientes = await avisarRetencion(o);
          return { avisos: radicados.avisos, avisosRetencion: expedientes.avisos };
        })(),
      ),
  });
  // Gestión documental: the text of a PDF filed with a radicado, for the full-text search.
  t.definir({
    tipo: TRABAJO_GD_EXTRAER_TEXTO,
    timeoutMs: 2 * MINUTO,
    maxIntentos: 3,
    esperaMs: 60_000,
    manejar: (j) =>
      extraerTexto({ db, storage: deps.storage, idEmpresa: j.idEmpresa!, idArchivo: Number(j.datos.id), signal: j.signal }),
  });
  // Informes «Programar envío» (docs/informes.md): every hour, a send job per schedule due (keyed by
  // schedule and period, so each period goes once), which renders the report and e-mails it.
  const ahora = opciones.ahora ?? (() => new Date());
  t.definir({
    tipo: TRABAJO_INFORMES_PROGRAMADOS,
    manejar: () => programarEnvios({ db, ahora: ahora() }),
  }).programar({ tipo: TRABAJO_INFORMES_PROGRAMADOS, cada: 'hora', minuto: 0 });
  t.definir({
    tipo: TRABAJO_INFORME_ENVIAR,
    timeoutMs: 5 * MINUTO,
    maxIntentos: 5,
    esperaMs: 60_000,
    manejar: (j) =>
      enviarInforme({ db, storage: deps.storage, mailer: deps.mailer, idEmpresa: j.idEmpresa!, datos: j.datos as DatosEnvio }),
  });
  // Encuestas with a trigger (docs/pagina-web.md): every hour, a job per company that has one, which
  // e-mails each survey due after a visit, a signed lease or a closed maintenance request.
  t.definir({
    tipo: TRABAJO_ENCUESTAS_AUTOMATICAS,
    manejar: async () => {
      const empresas = await db.system((tx) => empresasConEncuestasAutomaticas(tx));
      const hora = ahora().toISOString().slice(0, 13);
      await db.system(async (tx) => {
        for (const { id_empresa: idEmpresa } of empresas)
          await encolar(tx, { tipo: TRABAJO_ENCUESTAS_AUTOMATICAS_EMPRESA, idEmpresa, clave: `encuestas@${hora}` });
      });
      return { empresas: empresas.length };
    },
  }).programar({ tipo: TRABAJO_ENCUESTAS_AUTOMATICAS, cada: 'hora', minuto: 20 });
  t.definir({
    tipo: TRABAJO_ENCUESTAS_AUTOMATICAS_EMPRESA,
    timeoutMs: 10 * MINUTO,
    maxIntentos: 3,
    esperaMs: 60_000,
    manejar: (j) =>
      enTenant(db, j.idEmpresa!, (scope) =>
        enviarAutomaticas({
          ...scope,
          mailer: deps.mailer,
          idEmpresa: j.idEmpresa!,
          publicUrl: config.publicUrl,
          ahora: ahora(),
        }),
      ),
  });
  t.definir({
    tipo: 'trabajos.purgar',
    manejar: async () => {
      const r = await db.system((tx) =>
        tx.execute(
          sql`delete from trabajo where estado = 'terminado' and terminado_en < now() - ${DIAS_TRABAJOS} * interval '1 day'`,
        ),
      );
      return { borrados: (r as unknown as { rowCount: number | null }).rowCount ?? 0 };
    },
  }).programar({ tipo: 'trabajos.purgar', cada: 'dia', hora: 4, minuto: 30 });
  return t;
}
