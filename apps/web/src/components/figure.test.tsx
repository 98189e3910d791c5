import { countFigure, populationEstimate, xFollowers, type Figure } from '@murmur/core/sampling';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { renderWithProviders } from '../test/render';
import { FigureView } from './figure';

// 147 of 100 000 sampled accounts at 5 500 each: 808 500, 95 % interval 688 008–950 057.
const estimate = populationEstimate(147, { sampleSize: 100_000, rate: 5500 });

const part = (name: string) => document.querySelector(`[data-figure-part="${name}"]`)?.textContent;

const render = (figure: Figure) => renderWithProviders(<FigureView figure={figure} withLabel />);

describe('FigureView', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows an estimate with its label and its interval, the interval naming its sample', () => {
    render(estimate);
    expect(part('label')).toBe('Audience (estimate)');
    expect(part('value')).toBe('808K');
    expect(part('interval')).toBe('688K–950K');
    expect(document.querySelector('[data-figure-kind]')?.getAttribute('data-figure-kind')).toBe('estimate');
    const interval = document.querySelector('[data-figure-part="interval"]')!;
    expect(document.getElementById(interval.getAttribute('aria-describedby')!)?.textContent).toBe(
      '95 % interval 688K–950K: 147 of 100,000 sampled accounts, each standing for 5,500 people.',
    );
  });

  it("labels X's follower count as X's figure and a count as a count, with no interval", () => {
    render(xFollowers(2200));
    expect(part('label')).toBe('Followers on X');
    expect(part('value')).toBe('2.2K');
    expect(part('interval')).toBeUndefined();
  });

  it('labels what an upload contains as a count', () => {
    render(countFigure(147, 'upload'));
    expect(part('label')).toBe('In upload');
    expect(part('value')).toBe('147');
    expect(part('interval')).toBeUndefined();
  });

  it('speaks Japanese, counting in 万 and 億', async () => {
    await i18n.changeLanguage('ja');
    render(estimate);
    expect(part('label')).toBe('オーディエンス（推定）');
    expect(part('value')).toBe('80万');
    expect(part('interval')).toBe('68万〜95万');
  });
});
