import { z } from 'zod';
import { id, ids, si } from './campos.ts';
import './validation.ts';

// Permisos de gestión documental (issue 28, /gestion-documental/maestros/permisos-gestion-documental, idm
// 10578): which users or áreas may see, file and edit the radicados of which serie or subserie. With no
// rule in the company, idm 10579 / 10581 alone decide, as before.

export const IDM_PERMISOS_GESTION_DOCUMENTAL = 10578;

export const ETIQUETAS_PERMISO_GD = {
  id_usuario: 'Usuario',
  id_area: 'Área',
  id_serie: 'Serie',
  id_subserie: 'Subserie',
  ver: 'Ver',
  radicar: 'Radicar',
  editar: 'Editar',
} as const;
const L = ETIQUETAS_PERMISO_GD;

export const ZPermisoGdForm = z
  .object({
    id_usuario: id(L.id_usuario).nullish(),
    id_area: id(L.id_area).nullish(),
    id_serie: id(L.id_serie),
    id_subserie: id(L.id_subserie).nullish(),
    ver: si(L.ver).default(true),
    radicar: si(L.radicar).default(false),
    editar: si(L.editar).default(false),
  })
  .superRefine((p, ctx) => {
    if ((p.id_usuario == null) === (p.id_area == null))
      ctx.addIssue({ code: 'custom', path: ['id_usuario'], message: 'Elija un Usuario o un Área (uno de los dos)' });
    if (!p.ver && !p.radicar && !p.editar)
      ctx.addIssue({ code: 'custom', path: ['ver'], message: 'Marque al menos uno: Ver, Radicar o Editar' });
  })
  // Filing into or editing a serie implies seeing it.
  .transform((p) => ({
    ...p,
    id_usuario: p.id_usuario ?? null,
    id_area: p.id_area ?? null,
    id_subserie: p.id_subserie ?? null,
    ver: p.ver || p.radicar || p.editar,
  }));
export type PermisoGdForm = z.output<typeof ZPermisoGdForm>;
export type PermisoGdFormIn = z.input<typeof ZPermisoGdForm>;

export const ZIntegrantesArea = z.object({ id_usuarios: ids('Usuarios', 500) });

const ZRef = z.object({ id: z.number().int(), nombre: z.string(), codigo: z.string().nullable() });
export const ZPermisoGd = z.object({
  id: z.number().int(),
  usuario: z.object({ id: z.number().int(), nombre: z.string() }).nullable(),
  area: ZRef.nullable(),
  serie: ZRef,
  subserie: ZRef.nullable(),
  ver: z.boolean(),
  radicar: z.boolean(),
  editar: z.boolean(),
  creado_por: z.string(),
});
export type PermisoGd = z.infer<typeof ZPermisoGd>;

export const ZPermisosGd = z.object({
  reglas: z.array(ZPermisoGd),
  /** Users of each área, which its rules apply to. */
  integrantes: z.array(z.object({ id_area: z.number().int(), id_usuarios: z.array(z.number().int()) })),
  usuarios: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
  areas: z.array(ZRef),
  series: z.array(ZRef),
  subseries: z.array(ZRef.extend({ id_serie: z.number().int() })),
});
export type PermisosGd = z.infer<typeof ZPermisosGd>;
