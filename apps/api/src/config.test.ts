import { describe, expect, it } from 'vitest';
import { configStorage, cuotaArchivos, diasAdjuntos, formulariosPorHora, urlGeocodificador, urlPublica } from './config.ts';

describe('PUBLIC_URL', () => {
  it('is optional, and kept without its trailing slash', () => {
    expect(urlPublica(undefined)).toBeNull();
    expect(urlPublica('')).toBeNull();
    expect(urlPublica('https://predio.agencia.co/')).toBe('https://predio.agencia.co');
    expect(urlPublica('http://10.0.0.5:3000/predio/')).toBe('http://10.0.0.5:3000/predio');
  });

  it('stops the start with the reason when it is not an http(s) address', () => {
    expect(() => urlPublica('predio.agencia.co')).toThrow('PUBLIC_URL no es una dirección válida: «predio.agencia.co»');
    expect(() => urlPublica('ftp://predio.agencia.co')).toThrow('PUBLIC_URL debe empezar por http:// o https://');
  });
});

describe('CORREO_ADJUNTOS_DIAS', () => {
  it('is 90 days unless set, and a whole number of days, 1 or more', () => {
    expect(diasAdjuntos(undefined)).toBe(90);
    expect(diasAdjuntos(' ')).toBe(90);
    expect(diasAdjuntos('30')).toBe(30);
    for (const malo of ['0', '-5', '2.5', 'noventa'])
      expect(() => diasAdjuntos(malo)).toThrow(`CORREO_ADJUNTOS_DIAS debe ser un número entero de días, 1 o más: «${malo}»`);
  });
});

describe('STORAGE and S3_*', () => {
  it('is the local disk by default, and S3 with its settings', () => {
    expect(configStorage({})).toEqual({ tipo: 'local' });
    expect(
      configStorage({
        STORAGE: 's3',
        S3_BUCKET: 'predio',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      tipo: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'predio',
      region: 'us-east-1',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
  });

  it('stops the start naming what is missing or wrong', () => {
    expect(() => configStorage({ STORAGE: 's3', S3_BUCKET: 'predio' })).toThrow(
      'STORAGE=s3 necesita S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(() => configStorage({ STORAGE: 'ftp' })).toThrow('STORAGE debe ser local o s3: «ftp»');
  });
});

describe('ARCHIVOS_CUOTA_MB', () => {
  it('is megabytes, none when empty or 0, and refuses anything else', () => {
    expect(cuotaArchivos(undefined)).toBeNull();
    expect(cuotaArchivos('0')).toBeNull();
    expect(cuotaArchivos('1024')).toBe(1024 * 1024 * 1024);
    expect(() => cuotaArchivos('1,5')).toThrow('ARCHIVOS_CUOTA_MB debe ser un número entero de megabytes');
  });
});

describe('GEOCODER_URL', () => {
  it('is optional, and must be an http(s) address', () => {
    expect(urlGeocodificador(undefined)).toBeNull();
    expect(urlGeocodificador('  ')).toBeNull();
    expect(urlGeocodificador('https://nominatim.openstreetmap.org')).toBe('https://nominatim.openstreetmap.org');
    expect(() => urlGeocodificador('nominatim')).toThrow('GEOCODER_URL debe ser una dirección http(s)');
    expect(() => urlGeocodificador('ftp://geo.local')).toThrow('GEOCODER_URL debe ser http(s)');
  });
});

describe('FORMULARIOS_WEB_POR_IP_HORA', () => {
  it('is 5 an hour unless set, and a whole number, 1 or more', () => {
    expect(formulariosPorHora(undefined)).toBe(5);
    expect(formulariosPorHora(' ')).toBe(5);
    expect(formulariosPorHora('40')).toBe(40);
    for (const malo of ['0', '-3', '2.5', 'muchos'])
      expect(() => formulariosPorHora(malo)).toThrow(
        `FORMULARIOS_WEB_POR_IP_HORA debe ser un número entero de formularios por hora, 1 o más: «${malo}»`,
      );
  });
});
