import QRCode from 'qrcode';

/**
 * Draws a QR code as vector squares (sharp at any print size) with its four-module quiet zone, in a
 * `lado`-point square at (x, y). The ficha of an inmueble and a radicado's label print one.
 */
export function dibujarQr(doc: PDFKit.PDFDocument, texto: string, x: number, y: number, lado: number): void {
  const { modules } = QRCode.create(texto, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const m = lado / (n + 8);
  doc.rect(x, y, lado, lado).fill('#ffffff');
  for (let fila = 0; fila < n; fila++)
    for (let col = 0; col < n; col++) if (modules.get(fila, col)) doc.rect(x + (col + 4) * m, y + (fila + 4) * m, m, m);
  doc.fill('#000000');
}
