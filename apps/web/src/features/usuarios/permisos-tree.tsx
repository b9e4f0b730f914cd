import { useMemo } from 'react';
import { Switch, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { MENU, parsePermisos, type MenuNode } from '@predio/contract/menu';
import './usuarios.css';

type Nodo = DataNode & { idms: number[] };

/**
 * The whole menu of the contract, hidden routes included under their parent, each leaf titled with its idm.
 * `otorgable` says which idms the person editing may grant; a node with none of them cannot be checked.
 */
function construir(nodes: MenuNode[], base: string, otorgable: (idm: number) => boolean): Nodo[] {
  return nodes.map((n) => {
    const key = `${base}/${n.path}`;
    if (n.children) {
      const children = construir(n.children, key, otorgable);
      const idms = children.flatMap((c) => c.idms);
      return { key, title: n.title, children, idms, disableCheckbox: !idms.some(otorgable) };
    }
    const idm = n.idm ?? 0;
    return {
      key,
      disableCheckbox: !otorgable(idm),
      title: (
        <span>
          {n.title} <Typography.Text type="secondary">({idm})</Typography.Text>
          {n.hidden ? (
            <Typography.Text type="secondary" italic>
              {' '}
              · oculta
            </Typography.Text>
          ) : null}
        </span>
      ),
      isLeaf: true,
      idms: [idm],
    };
  });
}

function hojas(nodes: Nodo[]): Nodo[] {
  return nodes.flatMap((n) => (n.children ? hojas(n.children as Nodo[]) : [n]));
}

const ordenar = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b).join(',');

type Props = {
  value?: string;
  onChange?: (permisos: string) => void;
  disabled?: boolean;
  /** The permisos of the person editing: only these can be granted (the server refuses the rest). */
  otorgables?: string;
};

/**
 * Edits a permisos string ('All' or menu ids) as a checkable menu tree. Checking a group checks all its pages;
 * pages that share an idm move together. Ids the menu does not show are kept as they were.
 */
export function PermisosTree({ value = '', onChange, disabled = false, otorgables = 'All' }: Props) {
  const propios = useMemo(() => parsePermisos(otorgables), [otorgables]);
  const otorgable = useMemo(() => (idm: number) => propios === 'All' || propios.has(idm), [propios]);
  const arbol = useMemo(() => construir(MENU, '', otorgable), [otorgable]);
  const todasLasHojas = useMemo(() => hojas(arbol), [arbol]);
  const porKey = useMemo(() => {
    const m = new Map<string, Nodo>();
    const walk = (ns: Nodo[]) =>
      ns.forEach((n) => {
        m.set(String(n.key), n);
        if (n.children) walk(n.children as Nodo[]);
      });
    walk(arbol);
    return m;
  }, [arbol]);

  const parsed = parsePermisos(value);
  const todos = parsed === 'All';
  const ids = todos ? new Set<number>() : parsed;
  const checkedKeys = todasLasHojas.filter((h) => todos || ids.has(h.idms[0]!)).map((h) => String(h.key));

  const marcado = (key: string) =>
    porKey
      .get(key)
      ?.idms.filter(otorgable)
      .every((idm) => ids.has(idm)) ?? false;

  const alternar = (key: string, marcar: boolean) => {
    const nodo = porKey.get(key);
    if (!nodo || todos) return;
    const next = new Set(ids);
    for (const idm of nodo.idms.filter(otorgable)) {
      if (marcar) next.add(idm);
      else next.delete(idm);
    }
    onChange?.(ordenar(next));
  };

  return (
    <div className="permisos-tree">
      <label className="permisos-todos">
        <Switch
          checked={todos}
          disabled={disabled || propios !== 'All'}
          onChange={(v) => onChange?.(v ? 'All' : '')}
          aria-label="Todos los permisos (All)"
        />
        <span>
          Todos los permisos (<code>All</code>): ve todas las páginas, también las que se agreguen después.
        </span>
      </label>
      <Tree
        checkable
        blockNode
        defaultExpandAll
        disabled={disabled || todos}
        treeData={arbol}
        checkedKeys={checkedKeys}
        selectedKeys={[]}
        onCheck={(_keys, info) => alternar(String(info.node.key), info.checked)}
        // Clicking a title toggles it too, like its checkbox.
        onSelect={(_keys, info) => alternar(String(info.node.key), !marcado(String(info.node.key)))}
      />
      {propios === 'All' ? null : (
        <Typography.Paragraph type="secondary">
          Solo puede otorgar los permisos que usted tiene; los demás aparecen deshabilitados.
        </Typography.Paragraph>
      )}
      <Typography.Paragraph type="secondary" className="permisos-cadena">
        Cadena de permisos: <code aria-label="Cadena de permisos">{value === '' ? '(ninguno)' : value}</code>
      </Typography.Paragraph>
    </div>
  );
}
