import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// antd's responsive helpers need matchMedia, which jsdom lacks.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// antd measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'); jsdom does not
// implement pseudo-elements and logs an error for each modal, so the pseudo-element is ignored.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => cleanup());
