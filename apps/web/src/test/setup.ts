import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { olvidarUrlEstado } from '../components/lista/use-url-estado.ts';

// CI runs these beside the API suite on two cores; antd renders slowly in jsdom under that load.
configure({ asyncUtilTimeout: 5000 });

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

// antd's Select, Table and ColorPicker observe their size; jsdom has no ResizeObserver.
if (typeof window.ResizeObserver !== 'function') {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// antd measures scrollbars with getComputedStyle(el, '::-webkit-scrollbar'); jsdom does not
// implement pseudo-elements and logs an error for each modal, so the pseudo-element is ignored.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// A page's last URL is kept per tab for when it is reopened; each test is a fresh tab.
afterEach(() => {
  cleanup();
  olvidarUrlEstado();
});
