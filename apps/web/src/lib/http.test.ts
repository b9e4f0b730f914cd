import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { ApiError, http } from './http.ts';
import { setFeedback, type Feedback } from './feedback.ts';

type Spies = { error: Mock; confirm: Mock };

function installFeedback(): Spies {
  const error = vi.fn();
  const confirm = vi.fn();
  setFeedback({ message: { error }, modal: { confirm }, notification: {} } as unknown as Feedback);
  return { error, confirm };
}

function respond(status: number, body: unknown): Mock {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('http client envelope (spec §8)', () => {
  let spies: Spies;
  beforeEach(() => {
    spies = installFeedback();
    Cookies.set('Admin-Token', 'tok.en.value');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    Cookies.remove('Admin-Token');
    setFeedback(null);
  });

  it('sends the bearer token from the Admin-Token cookie and resolves code 20000', async () => {
    const fetchMock = respond(200, { code: 20000, message: 'ok', data: { sesion: true }, sesion: true });
    const body = await http.get<{ sesion: boolean }>('/Usuarios/GetUsuario');
    expect(body.data.sesion).toBe(true);
    expect(body.sesion).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Usuarios/GetUsuario');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok.en.value');
    expect(spies.error).not.toHaveBeenCalled();
  });

  it('posts JSON bodies', async () => {
    const fetchMock = respond(200, { code: 20000, message: 'ok', data: null });
    await http.post('/usuarios/login', { idEmpresa: 1, usuario: 'admin', clave: 'x' });
    const init = fetchMock.mock.calls[0]?.[1] as unknown as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"idEmpresa":1,"usuario":"admin","clave":"x"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('toasts the server message for 5 s and rejects when the code is not 20000', async () => {
    respond(400, { code: 40000, message: 'idEmpresa: debe ser un número' });
    const failure = http.get('/x');
    await expect(failure).rejects.toMatchObject({ kind: 'envelope', code: 40000, message: 'idEmpresa: debe ser un número' });
    expect(spies.error).toHaveBeenCalledWith({ content: 'idEmpresa: debe ser un número', duration: 5 });
    expect(spies.confirm).not.toHaveBeenCalled();
  });

  it("falls back to 'Error' when the failure has no message", async () => {
    respond(500, { code: 50000 });
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(spies.error).toHaveBeenCalledWith({ content: 'Error', duration: 5 });
  });

  it.each([50008, 50012, 50014])('code %i also asks to log in again', async (code) => {
    respond(401, { code, message: 'Sesión vencida' });
    await expect(http.get('/x')).rejects.toMatchObject({ code });
    expect(spies.confirm).toHaveBeenCalledTimes(1);
    const config = spies.confirm.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(config).toMatchObject({
      title: 'Confirm logout',
      content: 'You have been logged out, you can cancel to stay on this page, or log in again',
      okText: 'Re-Login',
      cancelText: 'Cancel',
    });
    (config.afterClose as () => void)();
  });

  it('re-login resets the token and reloads the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    respond(401, { code: 50014, message: 'Sesión vencida' });
    await expect(http.get('/x')).rejects.toBeInstanceOf(ApiError);
    const config = spies.confirm.mock.calls[0]?.[0] as Record<string, () => void>;
    config.onOk?.();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(reload).toHaveBeenCalled();
    config.afterClose?.();
  });

  it('silent calls do not toast but still reject with the server message', async () => {
    respond(500, { code: 50000, message: 'Falló la base de datos' });
    await expect(http.get('/x', { silent: true })).rejects.toMatchObject({
      message: 'Falló la base de datos',
      hasResponse: true,
    });
    expect(spies.error).not.toHaveBeenCalled();
  });

  it('toasts the error message of a network failure and marks it as without response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'network', hasResponse: false });
    expect(spies.error).toHaveBeenCalledWith({ content: 'Error de red: Failed to fetch', duration: 5 });
  });

  it('aborts after 5000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const pending = http.get('/lento');
    const outcome = expect(pending).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(4999);
    expect(spies.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(spies.error).toHaveBeenCalledWith({ content: 'Tiempo de espera agotado (5000 ms)', duration: 5 });
  });

  it('keeps the fields a 400/409 names, for a form to show beside its inputs', async () => {
    respond(409, {
      code: 40900,
      message: 'Ya existe un barrio con el mismo Municipio y Nombre.',
      campos: [
        { campo: 'id_municipio', mensaje: 'Ya existe un barrio con el mismo Municipio y Nombre.' },
        { campo: 'nombre', mensaje: 'Ya existe un barrio con el mismo Municipio y Nombre.' },
        { sin: 'forma' },
      ],
    });
    const failure = http.put('/maestros/barrios/4', { nombre: 'x' }, { silent: true });
    await expect(failure).rejects.toMatchObject({ status: 409, code: 40900 });
    const error = (await failure.catch((e: unknown) => e)) as ApiError;
    expect(error.campos.map((c) => c.campo)).toEqual(['id_municipio', 'nombre']);
    expect(spies.error).not.toHaveBeenCalled();
  });

  it('sends PUT and DELETE with the same envelope rules', async () => {
    const fetchMock = respond(200, { code: 20000, message: 'ok', data: { id: 4 } });
    await http.put('/maestros/barrios/4', { activo: false });
    await http.delete('/maestros/barrios/4');
    const [put, del] = fetchMock.mock.calls.map((c) => (c as unknown as [string, RequestInit])[1]);
    expect(put?.method).toBe('PUT');
    expect(put?.body).toBe('{"activo":false}');
    expect(del?.method).toBe('DELETE');
    expect(del?.body).toBeUndefined();
  });

  it('downloads a file with the token and its name; an error envelope instead of a file rejects', async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        new Response('a;b\r\n', {
          status: 200,
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="barrios-2025-03-05.csv"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { blob, nombre } = await http.download('/maestros/barrios/exportar?formato=csv');
    expect(nombre).toBe('barrios-2025-03-05.csv');
    expect(await blob.text()).toBe('a;b\r\n');
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok.en.value');

    respond(400, { code: 40000, message: 'La exportación admite máximo 50.000 filas' });
    await expect(http.download('/maestros/municipios/exportar')).rejects.toMatchObject({
      code: 40000,
      message: 'La exportación admite máximo 50.000 filas',
    });
    expect(spies.error).toHaveBeenCalledWith({ content: 'La exportación admite máximo 50.000 filas', duration: 5 });
  });
});
