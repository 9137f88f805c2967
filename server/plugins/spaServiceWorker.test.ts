import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helpers.ts';
import type { FamJamApp } from '../types.ts';

/*
 * The installable app's files as the build lays them out (vite-plugin-pwa, vite.config.ts):
 * the worker and the manifest must be revalidated on every visit, or a deploy would reach
 * installed apps only when the browser's own cache expires; browsers refuse a worker or a
 * manifest served with the wrong type.
 */

let app: FamJamApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'famjam-pwa-'));
  await mkdir(join(staticDir, 'icons'));
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>FamJam</title>');
  await writeFile(join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(staticDir, 'workbox-ff7685e2.js'), 'define([], () => {});');
  await writeFile(join(staticDir, 'manifest.webmanifest'), '{"name":"FamJam"}');
  await writeFile(join(staticDir, 'icons', 'icon-192.png'), 'png');
  app = await buildTestApp({ staticDir });
});

afterAll(async () => {
  await app?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('service worker and manifest files', () => {
  it('serves sw.js and its Workbox runtime as JavaScript, revalidated on every visit', async () => {
    for (const url of ['/sw.js', '/workbox-ff7685e2.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^(text|application)\/javascript/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the manifest as application/manifest+json, revalidated on every visit', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ name: 'FamJam' });
  });

  it('serves the icons as PNG', async () => {
    const response = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('answers a worker file the build does not have with a 404, never the HTML shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/workbox-0ld0ld00.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'not_found',
      message: 'No file /workbox-0ld0ld00.js',
    });
  });
});
