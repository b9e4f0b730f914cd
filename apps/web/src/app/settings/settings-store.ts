import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { THEME_COLOR } from '@predio/contract/constants';

type Settings = {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
};

type SettingsState = Settings & { change: <K extends keyof Settings>(key: K, value: Settings[K]) => void };

// spec §2 "Settings panel" defaults: #96be0e, tags view on, fixed header on, sidebar logo off.
export const useSettings = create<SettingsState>()(
  persist(
    (set) => ({
      themeColor: THEME_COLOR,
      tagsView: true,
      fixedHeader: true,
      sidebarLogo: false,
      change: (key, value) => set({ [key]: value } as Pick<Settings, typeof key>),
    }),
    {
      name: 'predio-settings',
      partialize: ({ themeColor, tagsView, fixedHeader, sidebarLogo }) => ({ themeColor, tagsView, fixedHeader, sidebarLogo }),
    },
  ),
);
