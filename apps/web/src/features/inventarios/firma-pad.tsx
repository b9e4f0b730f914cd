import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';

/**
 * A signature drawn with a finger or a mouse on a canvas (pointer events: touch, pen and mouse alike).
 * `alCambiar` gets the PNG as a data: URL, or null when the pad is blank.
 */
export function FirmaPad({ etiqueta, alCambiar }: { etiqueta: string; alCambiar: (png: string | null) => void }) {
  const lienzo = useRef<HTMLCanvasElement>(null);
  const dibujando = useRef(false);
  const [vacio, setVacio] = useState(true);

  useEffect(() => {
    const c = lienzo.current;
    if (!c) return;
    // Drawn at the device's pixel density so the signature is crisp in the PDF.
    const escala = Math.min(window.devicePixelRatio || 1, 2);
    c.width = c.clientWidth * escala;
    c.height = c.clientHeight * escala;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    ctx.scale(escala, escala);
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.width, c.height);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1f1f1f';
  }, []);

  const punto = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };

  return (
    <div className="firma-pad">
      <canvas
        ref={lienzo}
        aria-label={etiqueta}
        role="img"
        className="firma-lienzo"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          dibujando.current = true;
          const ctx = e.currentTarget.getContext('2d')!;
          const [x, y] = punto(e);
          ctx.beginPath();
          ctx.moveTo(x, y);
          ctx.lineTo(x + 0.1, y + 0.1);
          ctx.stroke();
        }}
        onPointerMove={(e) => {
          if (!dibujando.current) return;
          const ctx = e.currentTarget.getContext('2d')!;
          const [x, y] = punto(e);
          ctx.lineTo(x, y);
          ctx.stroke();
        }}
        onPointerUp={(e) => {
          if (!dibujando.current) return;
          dibujando.current = false;
          setVacio(false);
          alCambiar(e.currentTarget.toDataURL('image/png'));
        }}
      />
      <Space>
        <Button
          disabled={vacio}
          onClick={() => {
            const c = lienzo.current!;
            const ctx = c.getContext('2d')!;
            ctx.save();
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            ctx.fillStyle = '#fff';
            ctx.fillRect(0, 0, c.width, c.height);
            ctx.restore();
            setVacio(true);
            alCambiar(null);
          }}
        >
          Borrar trazo
        </Button>
      </Space>
    </div>
  );
}
