import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('passes an OpenAPI validator', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const v = new Validator();
    const r = await v.validate(doc);
    expect(r.errors ?? [], JSON.stringify(r.errors, null, 1)?.slice(0, 3000)).toEqual([]);
    expect(r.valid).toBe(true);
    // The validator does refuse a broken document: a response without its description.
    const roto = structuredClone(doc);
    delete roto.paths['/api/maestros/barrios'].get.responses['200'].description;
    expect((await new Validator().validate(roto)).valid).toBe(false);
  });
});

describe('response contracts', () => {
  it('every route declares the schema of its response', () => {
    const sin = t.app.apiRoutes.filter((r) => !r.respuesta).map((r) => `${r.method} ${r.url}`);
    expect(sin).toEqual([]);
    expect(t.app.apiRoutes.length).toBeGreaterThan(1000);
  });

  it('shows the responses in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const lista = doc.paths['/api/maestros/barrios'].get.responses['200'];
    expect(lista.content['application/json'].schema.properties.data.properties.items.type).toBe('array');
    const exportar = doc.paths['/api/maestros/barrios/exportar'].get.responses['200'];
    expect(Object.keys(exportar.content)).toEqual(['application/octet-stream']);
  });
});
