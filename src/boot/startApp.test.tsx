import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n/i18n.ts';
import { bootErrorDetail } from './startApp.tsx';

afterEach(async () => {
  await changeLocale('en', { remember: false });
});

describe("the boot error page's detail line", () => {
  it('says what failed after "Details:" in English, as before', () => {
    expect(bootErrorDetail(new TypeError('Failed to fetch'))).toBe('Details: Failed to fetch');
    expect(bootErrorDetail('offline')).toBe('Details: offline');
  });

  it('says it in Spanish for a Spanish-speaking family, the error itself as it came', async () => {
    await act(() => changeLocale('es', { remember: false }));
    expect(bootErrorDetail(new TypeError('Failed to fetch'))).toBe('Detalles: Failed to fetch');
  });
});
