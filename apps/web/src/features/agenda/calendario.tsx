import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  createCalendar,
  destroyCalendar,
  DayGrid,
  Interaction,
  List,
  ResourceTimeGrid,
  TimeGrid,
  type Calendar,
} from '@event-calendar/core';
import '@event-calendar/core/index.css';
import type { AsesorAgenda, CitaCalendario, OpcionesAgenda } from '@predio/contract/agenda';

// @event-calendar/core (MIT) renders the calendar: day per asesor (resource time grid), week, month
// and list, with drag and resize. FullCalendar's resource views are not MIT (ARCHITECTURE "Licences").

export type Movimiento = { cita: CitaCalendario; inicio: Date; fin: Date; asesor: number | null; revertir: () => void };
export type Hueco = { inicio: Date; fin: Date; todoElDia: boolean; asesor: number | null };

type Props = {
  movil: boolean;
  asesores: AsesorAgenda[];
  categorias: OpcionesAgenda['categorias'];
  cargar: (desde: Date, hasta: Date) => Promise<CitaCalendario[]>;
  /** Changes when what the calendar shows must be fetched again (a save, a filter). */
  recarga: unknown;
  alElegirHueco: (h: Hueco) => void;
  alAbrir: (c: CitaCalendario) => void;
  alMover: (m: Movimiento) => void;
};

const HORA: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', hour12: true };
const COLOR_DEFECTO = '#96be0e';

/** The colour of a cita: its category's, else its first asesor's (coloragenda), else the theme's. */
export function colorDe(c: CitaCalendario, asesores: AsesorAgenda[], categorias: OpcionesAgenda['categorias']): string {
  const categoria = categorias.find((x) => x.id === c.id_categoria);
  if (categoria?.color) return categoria.color;
  const a = asesores.find((x) => x.id === c.asesores[0]);
  return a?.color || COLOR_DEFECTO;
}

function aEvento(c: CitaCalendario, asesores: AsesorAgenda[], categorias: OpcionesAgenda['categorias']) {
  const cerrada = c.estado === 'cancelada' || c.estado === 'no_asistio';
  return {
    id: String(c.id),
    title: c.titulo,
    start: new Date(c.inicio),
    end: new Date(c.fin),
    allDay: c.todo_el_dia,
    resourceIds: c.asesores.map(String),
    backgroundColor: colorDe(c, asesores, categorias),
    classNames: [
      ...(cerrada ? ['cita-cerrada'] : c.estado === 'realizada' ? ['cita-realizada'] : []),
      ...(c.id_serie !== null ? ['cita-serie'] : []),
    ],
    extendedProps: { cita: c },
  };
}

const citaDe = (e: Calendar.Event) => (e.extendedProps as { cita: CitaCalendario }).cita;

export function Calendario(p: Props) {
  const el = useRef<HTMLDivElement>(null);
  const ec = useRef<Calendar | null>(null);
  // The calendar is created once; its callbacks read the latest props through this ref.
  const props = useRef(p);
  useLayoutEffect(() => {
    props.current = p;
  });

  useEffect(() => {
    if (!el.current) return;
    const cal = createCalendar(el.current, [TimeGrid, DayGrid, List, ResourceTimeGrid, Interaction], {
      view: props.current.movil ? 'listDay' : 'timeGridWeek',
      locale: 'es-CO',
      firstDay: 1,
      height: props.current.movil ? 'auto' : '100%',
      headerToolbar: props.current.movil
        ? { start: 'title', center: '', end: 'today prev,next listDay,timeGridDay,listWeek' }
        : { start: 'today prev,next', center: 'title', end: 'resourceTimeGridDay,timeGridWeek,dayGridMonth,listWeek' },
      buttonText: (t: Record<string, string>) => ({
        ...t,
        today: 'Hoy',
        resourceTimeGridDay: 'Día',
        timeGridDay: 'Horas',
        timeGridWeek: 'Semana',
        dayGridMonth: 'Mes',
        listWeek: props.current.movil ? 'Semana' : 'Lista',
        listDay: 'Lista',
        prev: 'Anterior',
        next: 'Siguiente',
      }),
      allDayContent: 'Todo el día',
      noEventsContent: 'No hay citas',
      moreLinkContent: (arg: { num: number }) => `+${arg.num} más`,
      eventTimeFormat: HORA,
      slotLabelFormat: HORA,
      slotMinTime: '06:00:00',
      slotMaxTime: '21:00:00',
      scrollTime: '07:00:00',
      nowIndicator: true,
      selectable: true,
      editable: true,
      dayMaxEvents: true,
      resources: [],
      eventSources: [
        {
          events: (info: { start: Date; end: Date }) =>
            props.current
              .cargar(info.start, info.end)
              .then((cs) => cs.map((c) => aEvento(c, props.current.asesores, props.current.categorias))),
        },
      ],
      select: (info: { start: Date; end: Date; allDay: boolean; resource?: Calendar.Resource }) => {
        cal.unselect();
        props.current.alElegirHueco({
          inicio: info.start,
          fin: info.end,
          todoElDia: info.allDay,
          asesor: info.resource ? Number(info.resource.id) : null,
        });
      },
      dateClick: (info: { date: Date; allDay: boolean; view: Calendar.View; resource?: Calendar.Resource }) => {
        // A click on an empty slot proposes an hour from there; on a day without hours (month, all-day
        // row), 9 a. m. to 10 a. m. that day. Dragging over slots selects a range instead (select).
        const inicio = new Date(info.date);
        if (info.allDay || info.view.type === 'dayGridMonth') inicio.setHours(9, 0, 0, 0);
        props.current.alElegirHueco({
          inicio,
          fin: new Date(inicio.getTime() + 3_600_000),
          todoElDia: false,
          asesor: info.resource ? Number(info.resource.id) : null,
        });
      },
      eventClick: (info: { event: Calendar.Event }) => props.current.alAbrir(citaDe(info.event)),
      eventDrop: (info: {
        event: Calendar.Event;
        newResource?: Calendar.Resource;
        oldResource?: Calendar.Resource;
        revert: () => void;
      }) =>
        props.current.alMover({
          cita: citaDe(info.event),
          inicio: info.event.start,
          fin: info.event.end,
          asesor: info.newResource ? Number(info.newResource.id) : null,
          revertir: info.revert,
        }),
      eventResize: (info: { event: Calendar.Event; revert: () => void }) =>
        props.current.alMover({
          cita: citaDe(info.event),
          inicio: info.event.start,
          fin: info.event.end,
          asesor: null,
          revertir: info.revert,
        }),
    });
    ec.current = cal;
    return () => {
      ec.current = null;
      void destroyCalendar(cal);
    };
  }, []);

  // One column per visible asesor in the day view; hidden ones (desactivadoEnAgenda) get none.
  useEffect(() => {
    ec.current?.setOption(
      'resources',
      p.asesores.map((a) => ({ id: String(a.id), title: a.nombre, eventBackgroundColor: a.color || undefined })),
    );
  }, [p.asesores]);

  useEffect(() => {
    ec.current?.refetchEvents();
  }, [p.recarga]);

  return <div ref={el} className="agenda-calendario" data-testid="calendario" />;
}
