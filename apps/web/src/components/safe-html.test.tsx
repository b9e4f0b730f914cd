import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html.tsx';

describe('SafeHtml', () => {
  it('keeps formatting but drops scripts and event handlers', () => {
    const { container } = render(
      <SafeHtml html={'<p><strong>Aviso</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">'} />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('Aviso');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });
});
