/**
 * A name as people mean it, for comparing: without accents, case or extra spaces («Conservación  total»
 * = «conservacion total»). Used to match spreadsheet headers and values and portals' catalogue names.
 */
export const normalTexto = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
