import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('follows internal paths with their query', () => {
    expect(safeRedirect('/maestros/terceros?q=ana')).toBe('/maestros/terceros?q=ana');
  });

  it('refuses other sites, empty values and the login page itself', () => {
    for (const target of ['https://evil.test', '//evil.test', '/\\evil.test', '', null, '/login?redirect=/x']) {
      expect(safeRedirect(target)).toBe('/');
    }
  });
});

describe('loginPath', () => {
  it('carries the wanted path as the redirect parameter', () => {
    expect(loginPath('/archivo/agenda?dia=2')).toBe('/login?redirect=%2Farchivo%2Fagenda%3Fdia%3D2');
    expect(loginPath('/')).toBe('/login');
  });
});
