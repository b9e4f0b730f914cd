/*
 * The letter models a new company starts with (issue 28, plantillas-cartas): short, plain Colombian
 * business letters an agency adapts in the editor. HTML as the editor writes it, with the merge fields of
 * a carta (tercero, inmueble, contrato, empresa, usuario, radicado); db/seed/cartas.ts stores them.
 */

export type ModeloCarta = { nombre: string; asunto: string; contenido: string };

const campo = (expr: string) => `<span data-campo="${expr.split('|')[0]!.trim()}" class="campo">{{ ${expr} }}</span>`;
const p = (s: string) => `<p style="text-align: justify">${s}</p>`;

const encabezado = [
  `<p>${campo('empresa.direccion')}, ${campo('radicado.fecha_letras')}</p>`,
  `<p style="text-align: right"><strong>Radicado N° ${campo('radicado.numero')}</strong></p>`,
  `<p>Señor(a)<br><strong>${campo('tercero.nombre')}</strong><br>C.C./NIT ${campo('tercero.nro_id')}<br>${campo('tercero.direccion')}<br>${campo('tercero.municipio')}</p>`,
  `<p><strong>Asunto:</strong> ${campo('radicado.asunto')}</p>`,
  '<p>Respetado(a) señor(a):</p>',
].join('');

const firma = [
  '<p>Cordialmente,</p>',
  `<p><br><strong>${campo('usuario.nombre')}</strong><br>${campo('empresa.nombre')}<br>NIT ${campo('empresa.nit')} · ${campo('empresa.telefonos')} · ${campo('empresa.email')}</p>`,
].join('');

export const MODELOS_CARTA: readonly ModeloCarta[] = [
  {
    nombre: 'Recordatorio de pago del canon',
    asunto: 'Recordatorio de pago del canon de arrendamiento',
    contenido:
      encabezado +
      p(
        `Le recordamos que el canon de arrendamiento del inmueble ubicado en ${campo('inmueble.direccion')}, ${campo('inmueble.municipio')}, ` +
          `por valor de ${campo('contrato.canon | moneda')}, debe pagarse a más tardar el día ${campo('contrato.dia_pago')} de cada mes, ` +
          `según el contrato ${campo('contrato.numero')}.`,
      ) +
      p('Si ya realizó el pago, le agradecemos enviarnos el soporte y no tener en cuenta esta comunicación.') +
      firma,
  },
  {
    nombre: 'Aviso de incremento del canon',
    asunto: 'Incremento anual del canon de arrendamiento',
    contenido:
      encabezado +
      p(
        `De acuerdo con el contrato ${campo('contrato.numero')} sobre el inmueble ubicado en ${campo('inmueble.direccion')}, le informamos que el ` +
          `canon se incrementará conforme a ${campo('contrato.incremento')}, a partir del próximo período contractual, ` +
          'dentro del límite que fija el artículo 20 de la Ley 820 de 2003.',
      ) +
      p('Con gusto atenderemos cualquier inquietud sobre este ajuste.') +
      firma,
  },
  {
    nombre: 'Paz y salvo',
    asunto: 'Paz y salvo',
    contenido:
      encabezado +
      p(
        `${campo('empresa.nombre')}, NIT ${campo('empresa.nit')}, certifica que ${campo('tercero.nombre')}, identificado(a) con ` +
          `C.C./NIT ${campo('tercero.nro_id')}, se encuentra a paz y salvo por todo concepto con esta empresa en relación con el ` +
          `inmueble ubicado en ${campo('inmueble.direccion')}, ${campo('inmueble.municipio')}.`,
      ) +
      p(`Se expide a solicitud del interesado el ${campo('radicado.fecha_letras')}.`) +
      firma,
  },
  {
    nombre: 'Respuesta a comunicación recibida',
    asunto: 'Respuesta a su comunicación',
    contenido:
      encabezado +
      p(
        'En atención a su comunicación, nos permitimos informarle que su solicitud fue recibida y está siendo atendida por nuestra área encargada.',
      ) +
      p(
        `Para cualquier información adicional puede escribirnos a ${campo('empresa.email')} o llamarnos al ${campo('empresa.telefonos')}, citando el radicado ${campo('radicado.numero')}.`,
      ) +
      firma,
  },
];
