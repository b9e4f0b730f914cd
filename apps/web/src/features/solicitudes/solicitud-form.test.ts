import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { ZSolicitudForm } from '@predio/contract/solicitudes';
import { aContrato, type Valores } from './solicitud-form.tsx';

const base: Valores = {
  canal: 'portal',
  portal: 'fincaraiz',
  tipo: 'comprar',
  solicitante: 'contacto',
  id_tercero: 12,
  contacto_nombre: 'Mariana Cuéllar',
  contacto_telefono: '310 555 1234',
  contacto_email: '',
  consecutivo_inmueble: null,
  id_asignado: 7,
  fecha_recepcion: dayjs('2025-03-05T14:30:00-05:00'),
  mensaje: 'Busca casa en Envigado',
};

describe('the request form as the contract body', () => {
  it('sends the contact without a tercero when it is not one yet, and a valid body', () => {
    const body = aContrato(base, true);
    expect(body).toMatchObject({ id_tercero: null, contacto_nombre: 'Mariana Cuéllar', id_asignado: 7 });
    expect(body.fecha_recepcion).toBe('2025-03-05T19:30:00.000Z');
    expect(ZSolicitudForm.safeParse(body).success).toBe(true);
  });

  it('drops the portal off a portal-less canal and the assignee on edit (it has its own action)', () => {
    const body = aContrato({ ...base, canal: 'telefono', solicitante: 'tercero' }, false);
    expect(body.portal).toBeNull();
    expect(body.id_tercero).toBe(12);
    expect('id_asignado' in body).toBe(false);
  });
});
