import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import SignaturePad from 'signature_pad';

/**
 * A signature drawn with signature_pad (MIT): smooth, pressure-like strokes from touch, pen or mouse.
 * `alCambiar` gets the PNG as a data: URL, or null when the pad is blank.
 */
export function FirmaTrazo({ alCambiar }: { alCambiar: (png: string | null) => void }) {
  const lienzo = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  useEffect(() => {
    const c = lienzo.current!;
    const p = new SignaturePad(c, { backgroundColor: 'rgb(255,255,255)', penColor: '#1f1f1f' });
    pad.current = p;
    // Drawn at the device's pixel density so the signature is crisp in the PDF. A phone fires «resize»
    // when its address bar hides: only a change of width redraws, and the strokes are kept.
    let ancho = 0;
    const ajustar = () => {
      if (c.offsetWidth === ancho) return;
      ancho = c.offsetWidth;
      const trazos = p.toData();
      const escala = Math.min(window.devicePixelRatio || 1, 2);
      c.width = c.offsetWidth * escala;
      c.height = c.offsetHeight * escala;
      c.getContext('2d')!.scale(escala, escala);
      p.clear();
      p.fromData(trazos);
    };
    ajustar();
    const fin = () => alCambiar(p.isEmpty() ? null : p.toDataURL('image/png'));
    p.addEventListener('endStroke', fin);
    window.addEventListener('resize', ajustar);
    return () => {
      p.removeEventListener('endStroke', fin);
      window.removeEventListener('resize', ajustar);
      p.off();
    };
  }, [alCambiar]);
  return (
    <div className="firmar-trazo">
      <canvas ref={lienzo} aria-label="Espacio para dibujar su firma" role="img" className="firmar-lienzo" />
      <Button
        size="small"
        onClick={() => {
          pad.current?.clear();
          alCambiar(null);
        }}
      >
        Borrar trazo
      </Button>
    </div>
  );
}
