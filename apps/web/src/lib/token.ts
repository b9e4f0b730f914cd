import Cookies from 'js-cookie';
import { TOKEN_COOKIE, TOKEN_COOKIE_DAYS } from '@predio/contract/constants';

// Secure over HTTPS, so the browser never sends the token over plain HTTP; a local install on http
// keeps working.
const opciones = () => ({ path: '/', secure: window.location.protocol === 'https:' });

export function getToken(): string | null {
  return Cookies.get(TOKEN_COOKIE) ?? null;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { ...opciones(), expires: TOKEN_COOKIE_DAYS, sameSite: 'Lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, opciones());
}
