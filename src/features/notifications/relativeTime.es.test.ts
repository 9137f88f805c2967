import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n/i18n.ts';
import { relativeTime } from './relativeTime.ts';

const now = new Date('2026-11-24T12:00:00.000Z');

beforeEach(async () => {
  await changeLocale('es');
});

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
});

describe('relativeTime in Spanish', () => {
  it.each([
    ['2026-11-24T11:59:30.000Z', 'ahora mismo'],
    ['2026-11-24T11:59:00.000Z', 'hace 1 minuto'],
    ['2026-11-24T11:55:00.000Z', 'hace 5 minutos'],
    ['2026-11-24T13:00:00.000Z', 'dentro de 1 hora'],
    ['2026-11-24T09:00:00.000Z', 'hace 3 horas'],
    ['2026-11-23T12:00:00.000Z', 'ayer'],
    ['2026-11-20T12:00:00.000Z', 'hace 4 días'],
    ['2026-11-17T12:00:00.000Z', 'la semana pasada'],
    ['2026-11-10T12:00:00.000Z', 'hace 2 semanas'],
    ['2026-08-24T12:00:00.000Z', 'hace 3 meses'],
    ['2025-11-24T12:00:00.000Z', 'el año pasado'],
    ['2024-11-24T12:00:00.000Z', 'hace 2 años'],
    ['2026-11-25T12:00:00.000Z', 'mañana'],
    ['2026-11-28T12:00:00.000Z', 'dentro de 4 días'],
    ['2027-01-08T12:00:00.000Z', 'el próximo mes'],
  ])('%s is "%s"', (iso, expected) => {
    expect(relativeTime(iso, now)).toBe(expected);
  });
});
