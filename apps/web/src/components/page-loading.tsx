import { Spin } from 'antd';

export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div className={fullscreen ? 'page-loading page-loading--fullscreen' : 'page-loading'} role="status" aria-live="polite">
      <Spin size="large" />
      <span className="visually-hidden">Cargando…</span>
    </div>
  );
}
