// Business constants and limits (spec §9). Strings are verbatim from the spec.
export const APP_TITLE = 'Predio Web 3';
export const REQUEST_TIMEOUT_MS = 5000;
export const TOKEN_COOKIE = 'Admin-Token';
export const TOKEN_COOKIE_DAYS = 60;
export const ERROR_TOAST_MS = 5000;
export const PUSH_TOAST_MS = 4000;
export const SESSION_RECORD_DELAY_MS = 1000;
export const FILTER_EXPIRY_MS = 300000;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 210;
export const TAG_MENU_WIDTH_PX = 105;
export const THEME_COLOR = '#96be0e';
export const THEME_PRESETS = ['#96be0e', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const;
export const SIZES = [
  { value: 'default', label: 'Default' },
  { value: 'medium', label: 'Medium' },
  { value: 'small', label: 'Small' },
  { value: 'mini', label: 'Mini' },
] as const;
export type Size = (typeof SIZES)[number]['value'];
export const DEFAULT_SIZE: Size = 'medium';
export const HEADER_SEARCH = {
  threshold: 0.4,
  titleWeight: 0.7,
  pathWeight: 0.3,
  maxPatternLength: 32,
} as const;
export const PHOTO_CROPPER_PX = 300;
export const IMAGE_DEFAULTS = {
  maxSizeKb: 10240,
  width: 200,
  height: 200,
  zoomMin: -100,
  zoomMax: 100,
  zoomRepeatMs: 60,
  rerenderAfterZoomMs: 300,
  formats: ['png', 'jpg'] as const,
  format: 'png' as const,
  field: 'avatar',
};
export const DEFAULT_TIPO_VISTA_INMUEBLES = 1;
export const DEFAULT_AGENCIA = 0;
export const SUPPORT_USER = 'EMPATIA';
export const SUPPORT_DISPLAY_NAME = 'Soporte de empatia';
export const NO_COMPANY_NAME = 'Sin nombre de empresa';
