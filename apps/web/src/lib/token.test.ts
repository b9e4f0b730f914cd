import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@predio/contract/constants';
import { removeToken, setToken } from './token.ts';

type Cookie = { key: string; secure: boolean; sameSite: string };
type Jsdom = {
  reconfigure(o: { url: string }): void;
  cookieJar: { getCookiesSync(url: string): Cookie[] };
};
// The test page's own jsdom: its address and the cookies the browser keeps.
const { jsdom } = globalThis as unknown as { jsdom: Jsdom };
const inicial = window.location.href;

const cookieEn = (url: string) => jsdom.cookieJar.getCookiesSync(url).find((c) => c.key === TOKEN_COOKIE);

describe('the Admin-Token cookie', () => {
  afterEach(() => {
    removeToken();
    jsdom.reconfigure({ url: inicial });
  });

  it('is Secure when the app is open over HTTPS, so the browser never sends it over plain HTTP', () => {
    jsdom.reconfigure({ url: 'https://predio.agencia.co/inmuebles' });
    setToken('tok.en.value');
    expect(cookieEn('https://predio.agencia.co/')).toMatchObject({ secure: true, sameSite: 'lax' });
    expect(cookieEn('http://predio.agencia.co/')).toBeUndefined();
  });

  it('over plain HTTP (a local install) it still works', () => {
    jsdom.reconfigure({ url: 'http://localhost:3000/' });
    setToken('tok.en.value');
    expect(cookieEn('http://localhost:3000/')).toMatchObject({ secure: false });
  });
});
