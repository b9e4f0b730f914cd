import type { GrabarSesionBody } from '@predio/contract/usuarios';

type DeviceInfo = GrabarSesionBody['deviceInfo'];

const BROWSERS: [name: string, pattern: RegExp][] = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS|HeadlessChrome)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
];

const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Windows', /Windows NT/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

/** deviceInfo of the session record (spec §3), read from the user agent. */
export function deviceInfo(userAgent: string, platform: string): DeviceInfo {
  let browser = 'Desconocido';
  let version = '';
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = name;
      version = match[1] ?? '';
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? 'Desconocido';
  return { browser, version, os, platform, userAgent };
}

export function currentDeviceInfo(): DeviceInfo {
  return deviceInfo(navigator.userAgent, navigator.platform);
}
