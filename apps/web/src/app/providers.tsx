import { useEffect, useMemo, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider, theme, type ConfigProviderProps } from 'antd';
import esES from 'antd/locale/es_ES';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import type { Size } from '@predio/contract/constants';
import { avisosConFoco } from '../components/foco.ts';
import { setFeedback } from '../lib/feedback.ts';
import { useMovimientoReducido } from '../lib/movimiento-reducido.ts';
import { queryClient } from '../lib/query-client.ts';
import { useAppStore } from './layout/app-store.ts';
import { useSettings } from './settings/settings-store.ts';

dayjs.locale('es');

const COMPONENT_SIZE: Record<Size, ConfigProviderProps['componentSize']> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};

/** Lets the HTTP client toast through the themed antd App context. */
function FeedbackBridge() {
  const app = App.useApp();
  const feedback = useMemo(() => ({ ...app, modal: avisosConFoco(app.modal) }), [app]);
  useEffect(() => {
    setFeedback(feedback);
    return () => setFeedback(null);
  }, [feedback]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const colorPrimary = useSettings((s) => s.themeColor);
  const size = useAppStore((s) => s.size);
  const sinMovimiento = useMovimientoReducido();
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={esES}
        componentSize={COMPONENT_SIZE[size]}
        theme={{
          token: { colorPrimary, colorLink: colorPrimary, borderRadius: 6, motion: !sinMovimiento },
          algorithm: size === 'mini' ? theme.compactAlgorithm : theme.defaultAlgorithm,
          components: {
            Menu: {
              darkItemBg: '#304156',
              darkSubMenuItemBg: '#1f2d3d',
              darkPopupBg: '#304156',
              darkItemColor: '#bfcbd9',
              darkItemSelectedBg: colorPrimary,
            },
          },
        }}
      >
        {/* Notices open bottom right so they never cover the navbar or a card's action buttons; toasts open
            below the navbar, where they leave a drawer's title and its buttons visible. A toast confirms what
            the pointer just did, so it leaves on time even under the pointer instead of hiding the dialog's
            next button for as long as the pointer rests there. */}
        <App component={false} notification={{ placement: 'bottomRight' }} message={{ top: 72, pauseOnHover: false }}>
          <FeedbackBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
