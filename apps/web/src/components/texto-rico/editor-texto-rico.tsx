import { useEffect, useRef, useState } from 'react';
import { BotonEditor } from '../editor/boton-editor.tsx';
import { useContenidoExterno, useEmitidos } from '../editor/contenido-externo.ts';
import { Button, Divider, Input, Space } from 'antd';
import {
  BoldOutlined,
  DisconnectOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { pareceHtml, textoAHtml } from '@predio/contract/texto-rico';
import './texto-rico.css';

export type EditorTextoRicoProps = {
  /** HTML (or a plain text saved before the field was rich: it opens as its paragraphs). */
  value?: string;
  onChange?: (html: string) => void;
  /** Names the editing area for screen readers («Descripción»). */
  etiqueta: string;
  /** The id antd's Form.Item gives its control, so its label points at the text. */
  id?: string;
};

/** What the editor holds when the value is a plain text or nothing. */
const aHtml = (v: string | undefined) => (!v ? '' : pareceHtml(v) ? v : textoAHtml(v));

/** An address as typed («predio.co») made into a link the server keeps (https://predio.co). */
export const normalizarEnlace = (s: string): string | null => {
  const t = s.trim();
  if (!t) return null;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(t)) return t;
  if (/^[a-z][a-z0-9+.-]*:/i.test(t)) return null;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t)) return `mailto:${t}`;
  return `https://${t}`;
};

/**
 * Short rich text (a task's description) on the templates' Tiptap stack: bold, italic, underline, lists
 * and links, no more. Its HTML is allow-listed again by the server. Keyboard: Ctrl+B/I/U, Ctrl+K a link.
 */
/** An emptied editor (<p></p>) is no text. */
const htmlDe = (e: Editor) => (e.isEmpty ? '' : e.getHTML());

export function EditorTextoRico({ value, onChange, etiqueta, id }: EditorTextoRicoProps) {
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [enlace, setEnlace] = useState<string | null>(null);
  const emitidos = useEmitidos();

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: false,
        horizontalRule: false,
        strike: false,
        blockquote: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto', 'tel'] },
      }),
    ],
    content: aHtml(value),
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        'aria-label': etiqueta,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'texto-rico-editable',
        ...(id ? { id } : {}),
      },
      handleKeyDown: (_view, e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
          e.preventDefault();
          setEnlace('');
          return true;
        }
        return false;
      },
    },
    // An emptied editor (<p></p>) is no text.
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      emitidos.anotar(html);
      onChangeRef.current?.(html);
    },
  });

  useContenidoExterno(editor, aHtml(value), htmlDe, emitidos);

  return (
    <div className="texto-rico-editor">
      {editor ? (
        <BarraTexto editor={editor} onEnlace={() => setEnlace((editor.getAttributes('link').href as string | undefined) ?? '')} />
      ) : null}
      {editor && enlace !== null ? (
        <EditarEnlace
          inicial={enlace}
          onAplicar={(href) => {
            const c = editor.chain().focus().extendMarkRange('link');
            (href ? c.setLink({ href }) : c.unsetLink()).run();
            setEnlace(null);
          }}
          onCancelar={() => {
            setEnlace(null);
            editor.commands.focus();
          }}
        />
      ) : null}
      <EditorContent editor={editor} className="texto-rico-area" />
    </div>
  );
}

function BarraTexto({ editor, onEnlace }: { editor: Editor; onEnlace: () => void }) {
  const c = () => editor.chain().focus();
  return (
    <div className="texto-rico-barra" role="toolbar" aria-label="Formato del texto">
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
      <BotonEditor titulo="Enlace (Ctrl+K)" icono={<LinkOutlined />} activo={editor.isActive('link')} onClick={onEnlace} />
      <BotonEditor
        titulo="Quitar enlace"
        icono={<DisconnectOutlined />}
        deshabilitado={!editor.isActive('link')}
        onClick={() => c().extendMarkRange('link').unsetLink().run()}
      />
    </div>
  );
}

function EditarEnlace(p: { inicial: string; onAplicar: (href: string | null) => void; onCancelar: () => void }) {
  const [texto, setTexto] = useState(p.inicial);
  const href = normalizarEnlace(texto);
  const invalido = texto.trim() !== '' && href === null;
  const aplicar = () => !invalido && p.onAplicar(href);
  return (
    <div className="texto-rico-enlace">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          autoFocus
          size="small"
          aria-label="Dirección del enlace"
          placeholder="https://… o correo@dominio.co"
          value={texto}
          status={invalido ? 'error' : undefined}
          onChange={(e) => setTexto(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            aplicar();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              p.onCancelar();
            }
          }}
        />
        <Button size="small" type="primary" disabled={invalido} onClick={aplicar}>
          Aplicar
        </Button>
        <Button size="small" onClick={p.onCancelar}>
          Cancelar
        </Button>
      </Space.Compact>
      {invalido ? <div className="texto-rico-enlace-error">Solo enlaces web (https://), de correo o de teléfono.</div> : null}
    </div>
  );
}
