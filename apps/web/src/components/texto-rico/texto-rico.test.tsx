import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { normalizarEnlace } from './editor-texto-rico.tsx';
import { TextoRico } from './texto-rico.tsx';

describe('TextoRico', () => {
  it('shows the HTML formatted, without scripts or handlers, and links opening apart', () => {
    const { container } = render(
      <TextoRico
        valor={
          '<p><strong>Urgente</strong> <a href="https://predio.co" target="_blank" rel="noopener">ver</a></p>' +
          '<script>alert(1)</script><img src="x" onerror="alert(2)">'
        }
      />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Urgente');
    expect(container.querySelector('a')?.getAttribute('target')).toBe('_blank');
    expect(container.innerHTML).not.toMatch(/script|onerror/);
  });

  it('keeps the line breaks of a description written before it was rich, as text', () => {
    const { container } = render(<TextoRico valor={'Llamar a <Ana> antes de las 5\nsin falta'} />);
    const div = container.firstElementChild!;
    expect(div.className).toContain('texto-rico-plano');
    expect(div.textContent).toBe('Llamar a <Ana> antes de las 5\nsin falta');
  });
});

describe('normalizarEnlace', () => {
  it('makes an address typed without scheme a web or mail link, and refuses other schemes', () => {
    expect(normalizarEnlace('predio.co/x')).toBe('https://predio.co/x');
    expect(normalizarEnlace('ana@predio.co')).toBe('mailto:ana@predio.co');
    expect(normalizarEnlace('https://predio.co')).toBe('https://predio.co');
    expect(normalizarEnlace('tel:+573001234567')).toBe('tel:+573001234567');
    expect(normalizarEnlace('javascript:alert(1)')).toBeNull();
    expect(normalizarEnlace('  ')).toBeNull();
  });
});
