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

type Ref = { id: number; nombre: string; codigo: string | null };
export type PermisoGd = {
  id: number;
  usuario: { id: number; nombre: string } | null;
  area: Ref | null;
  serie: Ref;
  subserie: Ref | null;
  ver: boolean;
  radicar: boolean;
  editar: boolean;
  creado_por: string;
};

export type PermisosGd = {
  reglas: PermisoGd[];
  /** Users of each área, which its rules apply to. */
  integrantes: { id_area: number; id_usuarios: number[] }[];
  usuarios: { id: number; nombre: string }[];
  areas: Ref[];
  series: Ref[];
  subseries: (Ref & { id_serie: number })[];
};
