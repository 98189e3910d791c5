import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { Panel } from './panel';

describe('an insights panel says which cells it hides (SPEC insights: minimum support)', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  for (const lang of ['en', 'ja'] as const) {
    it(`states n and the minimum support under its items (${lang})`, async () => {
      await applyLanguage(lang);
      renderWithProviders(
        <Panel
          title="Interests"
          copyText={() => ''}
          basis={{ members: 12_000, analysed: 2_500, sampled: true, minSupport: 5 }}
        >
          <p>items</p>
        </Panel>,
      );
      const support = screen.getByTestId('panel-support');
      expect(support.textContent).toBe(i18n.t('insightsSupport.basis', { analysed: '2,500', min: 5 }));
      expect(support.textContent).toContain('2,500');
      expect(support.textContent).toContain(lang === 'en' ? 'fewer than 5' : '5 件未満');
    });
  }
});
