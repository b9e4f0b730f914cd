import { describe, expect, it } from 'vitest';
import { deviceInfo } from './device-info.ts';

describe('deviceInfo', () => {
  it('recognises Chrome on Windows', () => {
    const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect(deviceInfo(ua, 'Win32')).toEqual({
      browser: 'Chrome',
      version: '131.0.0.0',
      os: 'Windows',
      platform: 'Win32',
      userAgent: ua,
    });
  });

  it('recognises Edge before Chrome and Safari on iOS', () => {
    const edge = 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0.2210.91';
    expect(deviceInfo(edge, 'Win32').browser).toBe('Edge');
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 Version/17.2 Mobile/15E148 Safari/604.1';
    expect(deviceInfo(safari, 'iPhone')).toMatchObject({ browser: 'Safari', version: '17.2', os: 'iOS' });
  });
});
