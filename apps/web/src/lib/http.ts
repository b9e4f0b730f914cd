import { CODES, SESSION_CODES } from '@predio/contract/codes';
import { ERROR_TOAST_MS, REQUEST_TIMEOUT_MS } from '@predio/contract/constants';
import type { CampoError } from '@predio/contract/validation';
import { getFeedback } from './feedback.ts';
import { getToken, removeToken } from './token.ts';

export const API_BASE = '/api';

/** A successful envelope (spec §8). Some endpoints add top-level fields such as exito or token. */
export type ApiBody<T> = { code: number; message: string; data: T } & { [extra: string]: unknown };

export type ApiErrorKind = 'envelope' | 'network' | 'timeout';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** Envelope code; null when no response arrived. */
  readonly code: number | null;
  readonly status: number | null;
  /** The fields the server named in a 400/409 (`campos` of the envelope), so a form can show each beside its input. */
  readonly campos: CampoError[];
  /** The envelope's `data` on an error (who holds an edit lock, for instance). */
  readonly data: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    code: number | null = null,
    status: number | null = null,
    campos: CampoError[] = [],
    data: unknown = undefined,
  ) {
    super(message);
    this.data = data;
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.status = status;
    this.campos = campos;
  }

  /** The server answered (with an error); false for timeouts and lost connections. */
  get hasResponse(): boolean {
    return this.kind === 'envelope';
  }
}

export type RequestOptions = {
  /** Do not toast errors: the caller shows its own notices. Session end still asks to log in again. */
  silent?: boolean;
  /** Set to false when the caller itself ends the session on a session code (the route guard). */
  promptRelogin?: boolean;
  timeoutMs?: number;
  /** Cancellation from the caller (TanStack Query); a cancelled call is not an error to show. */
  signal?: AbortSignal;
  /** The request outlives the page (a release sent while the tab closes). */
  keepalive?: boolean;
};

export type UploadOptions = RequestOptions & { onProgress?: (percent: number) => void };

const UPLOAD_TIMEOUT_MS = 120_000;

let logoutBoxOpen = false;

function confirmLogout(): void {
  const feedback = getFeedback();
  if (feedback === null || logoutBoxOpen) return;
  logoutBoxOpen = true;
  // spec §8: texts of the 'Confirm logout' box are verbatim.
  feedback.modal.confirm({
    title: 'Confirm logout',
    content: 'You have been logged out, you can cancel to stay on this page, or log in again',
    okText: 'Re-Login',
    cancelText: 'Cancel',
    onOk: () => {
      removeToken();
      window.location.reload();
    },
    afterClose: () => {
      logoutBoxOpen = false;
    },
  });
}

function toastError(text: string, options: RequestOptions): void {
  if (options.silent === true) return;
  getFeedback()?.message.error({ content: text, duration: ERROR_TOAST_MS / 1000 });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function envelopeCampos(body: unknown): CampoError[] {
  if (!isRecord(body) || !Array.isArray(body.campos)) return [];
  return body.campos.filter((c): c is CampoError => isRecord(c) && typeof c.campo === 'string' && typeof c.mensaje === 'string');
}

function envelopeMessage(body: unknown): string {
  if (!isRecord(body)) return '';
  const text = body.message ?? body.mensaje;
  return typeof text === 'string' ? text : '';
}

/** Applies the envelope rules of spec §8 to a parsed body. */
function settle<T>(body: unknown, status: number, options: RequestOptions): ApiBody<T> {
  const code = isRecord(body) && typeof body.code === 'number' ? body.code : null;
  if (code === CODES.OK && isRecord(body)) return body as ApiBody<T>;
  const text = envelopeMessage(body) || 'Error';
  toastError(text, options);
  if (code !== null && SESSION_CODES.includes(code) && options.promptRelogin !== false) confirmLogout();
  throw new ApiError('envelope', text, code ?? status, status, envelopeCampos(body), isRecord(body) ? body.data : undefined);
}

function networkFailure(kind: 'network' | 'timeout', detail: string, options: RequestOptions): ApiError {
  const text = kind === 'timeout' ? `Tiempo de espera agotado (${detail} ms)` : `Error de red: ${detail}`;
  toastError(text, options);
  return new ApiError(kind, text);
}

function authHeaders(): Record<string, string> {
  const token = getToken();
  return token === null ? {} : { Authorization: `Bearer ${token}` };
}

/** The parsed JSON body, or null when there is none (an HTML error page from a proxy, say). */
function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Runs one fetch with the token, the timeout and the caller's cancellation; failures become ApiErrors. */
async function send<R>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions,
  read: (response: Response) => Promise<R>,
): Promise<R> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  let payload: string | undefined;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    return await read(response);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw networkFailure('timeout', String(timeoutMs), options);
    if (options.signal?.aborted === true) throw error;
    throw networkFailure('network', error instanceof Error ? error.message : String(error), options);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function request<T>(method: string, path: string, body: unknown, options: RequestOptions): Promise<ApiBody<T>> {
  return send(method, path, body, options, async (response) =>
    settle<T>(parseJson(await response.text()), response.status, options),
  );
}

export type Descarga = { blob: Blob; nombre: string };

function fileName(disposition: string | null): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (utf8?.[1] !== undefined) return decodeURIComponent(utf8[1]);
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? 'descarga';
}

/**
 * A file answer (an export, a generated PDF): the body and its name. An error still arrives as an
 * envelope. With a body it is a POST (a document made from what the user is editing).
 */
function download(path: string, options: RequestOptions = {}, body?: unknown): Promise<Descarga> {
  return send(body === undefined ? 'GET' : 'POST', path, body, options, async (response) => {
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || type.includes('application/json')) {
      settle<unknown>(parseJson(await response.text()), response.status, options);
      throw new ApiError('envelope', 'El servidor no devolvió un archivo', null, response.status);
    }
    return { blob: await response.blob(), nombre: fileName(response.headers.get('content-disposition')) };
  });
}

/** Multipart upload with progress (fetch cannot report upload progress). Same envelope rules. */
function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<ApiBody<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(settle<T>(parseJson(xhr.responseText), xhr.status, options));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.onerror = () => reject(networkFailure('network', 'no se pudo conectar con el servidor', options));
    xhr.ontimeout = () => reject(networkFailure('timeout', String(xhr.timeout), options));
    xhr.onabort = () => reject(new DOMException('Subida cancelada', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const http = {
  get: <T>(path: string, options: RequestOptions = {}) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options: RequestOptions = {}) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options: RequestOptions = {}) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options: RequestOptions = {}) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, options: RequestOptions = {}) => request<T>('DELETE', path, undefined, options),
  download,
  upload,
};
