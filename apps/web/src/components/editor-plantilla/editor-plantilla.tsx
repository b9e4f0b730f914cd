import { useEffect, useRef, useState } from 'react';
import { BotonEditor } from '../editor/boton-editor.tsx';
import { useContenidoExterno, useEmitidos } from '../editor/contenido-externo.ts';
import { App, Button, Collapse, Divider, Tooltip } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  DeleteColumnOutlined,
  DeleteRowOutlined,
  FileImageOutlined,
  InsertRowBelowOutlined,
  InsertRowRightOutlined,
  ItalicOutlined,
  MenuOutlined,
  OrderedListOutlined,
  RedoOutlined,
  ScissorOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { TableKit } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { CONTEXTOS, type GrupoCampos } from '@predio/contract/documentos';
import { Campo, SaltoPagina } from './nodos.ts';
import './editor-plantilla.css';

/** «Inmueble: Canon de arrendamiento» for `inmueble.canon`: the chip's text (a field's key is unique). */
const ETIQUETAS_CAMPOS = new Map(
  CONTEXTOS.flatMap((g) => g.campos.map((c) => [`${g.clave}.${c.clave}`, `${g.etiqueta}: ${c.etiqueta}`])),
);

/** Images are embedded in the template: a small logo or signature, not a photo album. */
const MAX_IMAGEN = 512 * 1024;

export type EditorPlantillaProps = {
  /** The template's HTML (as saved: fields are `<span data-campo>`). */
  value: string;
  onChange: (html: string) => void;
  /** The fields the template may use (`GET /documentos/campos`), shown beside the text. */
  campos: GrupoCampos[];
  /** Names the editing area for screen readers («Contenido de la plantilla»). */
  etiqueta: string;
};

/**
 * The rich-text editor for templates and content (issue 23 §4): headings, bold/italic/underline,
 * lists, tables, images, alignment, page breaks and merge fields as chips. Its HTML is sanitised again
 * by the server when saved. Keyboard: Tab reaches the toolbar, the text and the fields; Ctrl+B/I/U.
 */
const htmlDe = (e: Editor) => e.getHTML();

export function EditorPlantilla({ value, onChange, campos, etiqueta }: EditorPlantillaProps) {
  const onChangeRef = useRef(onChange);
  const emitidos = useEmitidos();
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // A module may add contexts of its own (a notification's message): their chips read the labels given.
  const [propias] = useState(
    () => new Map(campos.flatMap((g) => g.campos.map((c) => [`${g.clave}.${c.clave}`, `${g.etiqueta}: ${c.etiqueta}`]))),
  );

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ code: false, codeBlock: false, link: false, strike: false, heading: { levels: [1, 2, 3] } }),
      TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
      TableKit.configure({ table: { resizable: false } }),
      Image.configure({ inline: false, allowBase64: true }),
      Campo.configure({ etiqueta: (c) => ETIQUETAS_CAMPOS.get(c) ?? propias.get(c) ?? null }),
      SaltoPagina,
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: { 'aria-label': etiqueta, 'aria-multiline': 'true', role: 'textbox', class: 'editor-plantilla-texto' },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.getHTML();
      emitidos.anotar(html);
      onChangeRef.current(html);
    },
  });

  // A template loaded after the editor (another one chosen) replaces its content.
  useContenidoExterno(editor, value, htmlDe, emitidos);

  return (
    <div className="editor-plantilla">
      <div className="editor-plantilla-principal">
        {editor ? <BarraHerramientas editor={editor} /> : null}
        <EditorContent editor={editor} className="editor-plantilla-area" />
      </div>
      {/* Content without fields (a website news) takes the whole width. */}
      {campos.length > 0 ? (
        <PanelCampos
          campos={campos}
          onInsertar={(campo, expresion) => editor?.chain().focus().insertarCampo(campo, expresion).run()}
        />
      ) : null}
    </div>
  );
}

function BarraHerramientas({ editor }: { editor: Editor }) {
  const { message } = App.useApp();
  const archivo = useRef<HTMLInputElement>(null);
  const c = () => editor.chain().focus();
  const enTabla = editor.isActive('table');

  const elegirImagen = (f: File | undefined) => {
    if (!f) return;
    if (!/^image\/(png|jpeg)$/.test(f.type)) return void message.error('La imagen debe ser PNG o JPEG.');
    if (f.size > MAX_IMAGEN) return void message.error('La imagen no puede pasar de 512 KB.');
    const lector = new FileReader();
    lector.onload = () =>
      c()
        .setImage({ src: String(lector.result), alt: f.name })
        .run();
    lector.readAsDataURL(f);
  };

  return (
    <div className="editor-plantilla-barra" role="toolbar" aria-label="Formato del texto">
      <BotonEditor
        titulo="Deshacer (Ctrl+Z)"
        icono={<UndoOutlined />}
        onClick={() => c().undo().run()}
        deshabilitado={!editor.can().undo()}
      />
      <BotonEditor
        titulo="Rehacer (Ctrl+Y)"
        icono={<RedoOutlined />}
        onClick={() => c().redo().run()}
        deshabilitado={!editor.can().redo()}
      />
      <Divider orientation="vertical" />
      {([1, 2, 3] as const).map((n) => (
        <Tooltip key={n} title={`Título ${n}`}>
          <Button
            size="small"
            type={editor.isActive('heading', { level: n }) ? 'primary' : 'text'}
            aria-label={`Título ${n} T${n}`}
            aria-pressed={editor.isActive('heading', { level: n })}
            onClick={() => c().toggleHeading({ level: n }).run()}
          >
            T{n}
          </Button>
        </Tooltip>
      ))}
      <BotonEditor
        titulo="Negrita (Ctrl+B)"
        icono={<BoldOutlined />}
        activo={editor.isActive('bold')}
        onClick={() => c().toggleBold().run()}
      />
      <BotonEditor
        titulo="Cursiva (Ctrl+I)"
        icono={<ItalicOutlined />}
        activo={editor.isActive('italic')}
        onClick={() => c().toggleItalic().run()}
      />
      <BotonEditor
        titulo="Subrayado (Ctrl+U)"
        icono={<UnderlineOutlined />}
        activo={editor.isActive('underline')}
        onClick={() => c().toggleUnderline().run()}
      />
      <Divider orientation="vertical" />
      <BotonEditor
        titulo="Lista con viñetas"
        icono={<UnorderedListOutlined />}
        activo={editor.isActive('bulletList')}
        onClick={() => c().toggleBulletList().run()}
      />
      <BotonEditor
        titulo="Lista numerada"
        icono={<OrderedListOutlined />}
        activo={editor.isActive('orderedList')}
        onClick={() => c().toggleOrderedList().run()}
      />
      <Divider orientation="vertical" />
      <BotonEditor
        titulo="Alinear a la izquierda"
        icono={<AlignLeftOutlined />}
        activo={editor.isActive({ textAlign: 'left' })}
        onClick={() => c().setTextAlign('left').run()}
      />
      <BotonEditor
        titulo="Centrar"
        icono={<AlignCenterOutlined />}
        activo={editor.isActive({ textAlign: 'center' })}
        onClick={() => c().setTextAlign('center').run()}
      />
      <BotonEditor
        titulo="Alinear a la derecha"
        icono={<AlignRightOutlined />}
        activo={editor.isActive({ textAlign: 'right' })}
        onClick={() => c().setTextAlign('right').run()}
      />
      <BotonEditor
        titulo="Justificar"
        icono={<MenuOutlined />}
        activo={editor.isActive({ textAlign: 'justify' })}
        onClick={() => c().setTextAlign('justify').run()}
      />
      <Divider orientation="vertical" />
      <BotonEditor
        titulo="Insertar tabla"
        icono={<TableOutlined />}
        onClick={() => c().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run()}
      />
      <BotonEditor
        titulo="Agregar fila"
        icono={<InsertRowBelowOutlined />}
        deshabilitado={!enTabla}
        onClick={() => c().addRowAfter().run()}
      />
      <BotonEditor
        titulo="Agregar columna"
        icono={<InsertRowRightOutlined />}
        deshabilitado={!enTabla}
        onClick={() => c().addColumnAfter().run()}
      />
      <BotonEditor
        titulo="Eliminar fila"
        icono={<DeleteRowOutlined />}
        deshabilitado={!enTabla}
        onClick={() => c().deleteRow().run()}
      />
      <BotonEditor
        titulo="Eliminar columna"
        icono={<DeleteColumnOutlined />}
        deshabilitado={!enTabla}
        onClick={() => c().deleteColumn().run()}
      />
      <Divider orientation="vertical" />
      <BotonEditor
        titulo="Insertar imagen (PNG o JPEG, hasta 512 KB)"
        icono={<FileImageOutlined />}
        onClick={() => archivo.current?.click()}
      />
      <input
        ref={archivo}
        type="file"
        accept="image/png,image/jpeg"
        style={{ display: 'none' }}
        aria-hidden="true"
        tabIndex={-1}
        onChange={(e) => {
          elegirImagen(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <BotonEditor titulo="Salto de página" icono={<ScissorOutlined />} onClick={() => c().insertarSaltoPagina().run()} />
    </div>
  );
}

function PanelCampos({ campos, onInsertar }: { campos: GrupoCampos[]; onInsertar: (campo: string, expresion: string) => void }) {
  return (
    <aside className="editor-plantilla-campos" aria-label="Campos para insertar">
      <div className="editor-plantilla-campos-titulo">Insertar campo</div>
      <Collapse
        size="small"
        ghost
        defaultActiveKey={campos.filter((g) => !['empresa', 'usuario', 'documento'].includes(g.clave)).map((g) => g.clave)}
        items={campos.map((g) => ({
          key: g.clave,
          label: g.pendiente ? `${g.etiqueta} (próximamente)` : g.etiqueta,
          children: (
            <ul className="editor-plantilla-lista-campos">
              {g.campos.map((f) => (
                <li key={f.clave}>
                  <Button
                    size="small"
                    type="link"
                    title={`${f.expresion} · ejemplo: ${String(f.ejemplo)}`}
                    aria-label={`Insertar campo ${g.etiqueta}: ${f.etiqueta}`}
                    onClick={() => onInsertar(`${g.clave}.${f.clave}`, f.expresion)}
                  >
                    {f.etiqueta}
                  </Button>
                </li>
              ))}
            </ul>
          ),
        }))}
      />
    </aside>
  );
}
