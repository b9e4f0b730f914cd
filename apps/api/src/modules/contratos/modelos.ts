import type { ClaseContrato } from '@predio/contract/contratos';

/*
 * The contract models a new company starts with (issue 29): plain, sensible Colombian wording an agency
 * adapts in the editor. They are HTML as the editor writes it, with the merge fields of
 * CONTEXTOS_CONTRATO; db/seed/contratos.ts stores each as version 1 of a template.
 */

export type ModeloContrato = { nombre: string; clase: ClaseContrato; tipoDocumento: string; contenido: string };

const campo = (expr: string) => `<span data-campo="${expr.split('|')[0]!.trim()}" class="campo">{{ ${expr} }}</span>`;
const p = (s: string) => `<p style="text-align: justify">${s}</p>`;
const h = (s: string) => `<h2>${s}</h2>`;
const clausula = (n: string, titulo: string, s: string) => p(`<strong>${n}. ${titulo}.</strong> ${s}`);

const inmueble = `el inmueble ubicado en ${campo('inmueble.direccion')}, barrio ${campo('inmueble.barrio')}, de ${campo('inmueble.municipio')}`;
const adicionales = clausula('ADICIONALES', 'Cláusulas adicionales', campo('contrato.clausulas'));
const firmas = p(
  `Las partes firman electrónicamente este documento, conforme a la Ley 527 de 1999 y el Decreto 2364 de 2012, en ${campo('contrato.ciudad')} el ${campo('documento.fecha | fecha: "larga"')}: ${campo('partes.firmantes')}.`,
);

export const MODELOS_CONTRATO: readonly ModeloContrato[] = [
  {
    nombre: 'Arrendamiento de vivienda urbana (Ley 820 de 2003)',
    clase: 'arrendamiento_vivienda',
    tipoDocumento: 'Contrato de arrendamiento de vivienda',
    contenido: [
      h(`CONTRATO DE ARRENDAMIENTO DE VIVIENDA URBANA N.º ${campo('contrato.numero')}`),
      p(
        `Entre ${campo('partes.propietarios')}, en calidad de ARRENDADOR(ES), representado(s) por ${campo('empresa.nombre')} (NIT ${campo('empresa.nit')}), y ${campo('arrendatario.nombre')}, identificado(a) con ${campo('arrendatario.nro_id')}, en calidad de ARRENDATARIO, se celebra el contrato de arrendamiento de vivienda urbana regido por la Ley 820 de 2003, con las siguientes cláusulas:`,
      ),
      clausula(
        'PRIMERA',
        'Objeto',
        `El arrendador entrega al arrendatario, a título de arrendamiento, ${inmueble}, para uso exclusivo de vivienda.`,
      ),
      clausula(
        'SEGUNDA',
        'Canon',
        `El canon mensual es de ${campo('contrato.canon | moneda')}, que el arrendatario pagará por anticipado dentro de los primeros ${campo('contrato.dia_pago')} días de cada período mensual.`,
      ),
      clausula(
        'TERCERA',
        'Duración',
        `El término del contrato es de ${campo('contrato.duracion_meses')} meses, desde el ${campo('contrato.fecha_inicio | fecha: "larga"')} hasta el ${campo('contrato.fecha_fin | fecha: "larga"')}, prorrogable en los términos del artículo 6 de la Ley 820 de 2003.`,
      ),
      clausula(
        'CUARTA',
        'Incremento',
        `Cada doce (12) meses de ejecución el canon se reajustará en ${campo('contrato.incremento')} (artículo 20 de la Ley 820 de 2003).`,
      ),
      clausula(
        'QUINTA',
        'Depósito',
        'No se exige depósito en dinero ni garantía real alguna, conforme al artículo 16 de la Ley 820 de 2003.',
      ),
      clausula('SEXTA', 'Codeudores', `Se obligan solidariamente con el arrendatario: ${campo('partes.codeudores')}.`),
      clausula(
        'SÉPTIMA',
        'Servicios públicos',
        'Los servicios públicos domiciliarios estarán a cargo del arrendatario desde la entrega del inmueble.',
      ),
      clausula(
        'OCTAVA',
        'Entrega',
        'El inmueble se entrega en el estado descrito en el inventario que firman las partes y se devolverá en el mismo estado, salvo el deterioro natural por el uso legítimo.',
      ),
      adicionales,
      clausula(
        'COPIA',
        'Copia del contrato',
        'El arrendatario recibe copia de este contrato firmado, como lo ordena el artículo 8 de la Ley 820 de 2003.',
      ),
      firmas,
    ].join(''),
  },
  {
    nombre: 'Arrendamiento de local comercial',
    clase: 'arrendamiento_comercial',
    tipoDocumento: 'Contrato de arrendamiento de local comercial',
    contenido: [
      h(`CONTRATO DE ARRENDAMIENTO DE LOCAL COMERCIAL N.º ${campo('contrato.numero')}`),
      p(
        `Entre ${campo('partes.propietarios')} (ARRENDADOR), por intermedio de ${campo('empresa.nombre')}, y ${campo('arrendatario.nombre')}, identificado(a) con ${campo('arrendatario.nro_id')} (ARRENDATARIO), se celebra este contrato regido por el Código de Comercio (artículos 518 y siguientes):`,
      ),
      clausula(
        'PRIMERA',
        'Objeto',
        `El arrendador entrega ${inmueble}, para el desarrollo de la actividad comercial lícita del arrendatario.`,
      ),
      clausula(
        'SEGUNDA',
        'Canon',
        `${campo('contrato.canon | moneda')} mensuales más el IVA a que haya lugar, pagaderos dentro de los primeros ${campo('contrato.dia_pago')} días de cada mes.`,
      ),
      clausula(
        'TERCERA',
        'Duración',
        `${campo('contrato.duracion_meses')} meses desde el ${campo('contrato.fecha_inicio | fecha: "larga"')}.`,
      ),
      clausula('CUARTA', 'Incremento', `Cada año el canon se incrementará en ${campo('contrato.incremento')}.`),
      clausula('QUINTA', 'Codeudores', `Responden solidariamente: ${campo('partes.codeudores')}.`),
      adicionales,
      firmas,
    ].join(''),
  },
  {
    nombre: 'Mandato/consignación del inmueble',
    clase: 'mandato',
    tipoDocumento: 'Contrato de mandato/consignación',
    contenido: [
      h(`CONTRATO DE MANDATO PARA LA ADMINISTRACIÓN DEL INMUEBLE N.º ${campo('contrato.numero')}`),
      p(
        `${campo('partes.propietarios')}, en calidad de MANDANTE(S) y propietario(s) de ${inmueble}, confía(n) a ${campo('empresa.nombre')} (NIT ${campo('empresa.nit')}), MANDATARIA, la consignación del inmueble para arrendarlo y administrarlo:`,
      ),
      clausula(
        'PRIMERA',
        'Objeto',
        `La mandataria promocionará el inmueble, seleccionará arrendatarios, firmará los contratos de arrendamiento, recaudará el canon de ${campo('contrato.canon | moneda')} mensuales o el que se pacte, y lo entregará al mandante dentro de los ${campo('contrato.dia_pago')} primeros días de cada mes, descontada su comisión.`,
      ),
      clausula(
        'SEGUNDA',
        'Duración',
        `${campo('contrato.duracion_meses')} meses desde el ${campo('contrato.fecha_inicio | fecha: "larga"')}, prorrogables por períodos iguales si ninguna parte avisa lo contrario con tres meses de anticipación.`,
      ),
      clausula(
        'TERCERA',
        'Obligaciones del mandante',
        'Entregar el inmueble en buen estado, pagar el impuesto predial y la administración extraordinaria, y mantener los servicios al día hasta la entrega.',
      ),
      adicionales,
      firmas,
    ].join(''),
  },
  {
    nombre: 'Codeudor / deudor solidario',
    clase: 'codeudor',
    tipoDocumento: 'Codeudor / deudor solidario',
    contenido: [
      h('COMPROMISO DE DEUDOR SOLIDARIO'),
      p(
        `${campo('partes.codeudores')} se obliga(n) solidariamente con ${campo('arrendatario.nombre')} al pago del canon de ${campo('contrato.canon | moneda')} y de todas las obligaciones del contrato N.º ${campo('contrato.numero')} sobre ${inmueble}, durante su vigencia y sus prórrogas.`,
      ),
      adicionales,
      firmas,
    ].join(''),
  },
  {
    nombre: 'Acta de entrega del inmueble',
    clase: 'acta_entrega',
    tipoDocumento: 'Acta de entrega',
    contenido: [
      h('ACTA DE ENTREGA DEL INMUEBLE'),
      p(
        `En ${campo('contrato.ciudad')}, el ${campo('contrato.fecha_inicio | fecha: "larga"')}, ${campo('empresa.nombre')} entrega a ${campo('arrendatario.nombre')} ${inmueble}, en ejecución del contrato N.º ${campo('contrato.numero')}, en el estado que consta en el inventario firmado por las partes.`,
      ),
      p('El arrendatario declara recibirlo a satisfacción, con sus llaves, y se compromete a devolverlo en el mismo estado.'),
      adicionales,
      firmas,
    ].join(''),
  },
  {
    nombre: 'Autorización de tratamiento de datos personales',
    clase: 'autorizacion_datos',
    tipoDocumento: 'Autorización de tratamiento de datos',
    contenido: [
      h('AUTORIZACIÓN DE TRATAMIENTO DE DATOS PERSONALES'),
      p(
        `Autorizo a ${campo('empresa.nombre')} (NIT ${campo('empresa.nit')}), como responsable, a tratar mis datos personales para gestionar el contrato N.º ${campo('contrato.numero')}, consultar y reportar a centrales de riesgo, y enviarme información de sus servicios, conforme a la Ley 1581 de 2012 y el Decreto 1377 de 2013.`,
      ),
      p(
        `Conozco mis derechos a conocer, actualizar, rectificar y suprimir mis datos y a revocar esta autorización escribiendo a ${campo('empresa.email')}.`,
      ),
      firmas,
    ].join(''),
  },
];
