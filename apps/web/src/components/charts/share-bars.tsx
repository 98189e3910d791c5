import { useTranslation } from 'react-i18next';
import { formatLargeNumber } from '../../lib/large-number';
import { affinityTone, formatAffinity, formatShare } from './format';
import { barFraction, shareMax } from './scale';
import classes from './share-bars.module.css';
import type { ShareDatum } from './types';

export interface ShareBarsProps {
  data: readonly ShareDatum[];
  /** Accessible name of the table (the panel's title). */
  caption: string;
  /** The label shown for a value (translated names); the datum's own label by default. */
  labelOf?: (datum: ShareDatum) => string;
  /** Show at most this many rows. */
  limit?: number;
}

const AUDIENCE = 'var(--mantine-primary-color-filled)';

/**
 * "Hobbies and interests/Anime and manga" → the most specific part first ("Anime and manga") and its
 * category after it ("Hobbies and interests"); null for a label without a path.
 */
export const splitPath = (label: string): { leaf: string; category: string } | null => {
  const slash = label.lastIndexOf('/');
  if (slash <= 0 || slash === label.length - 1) return null;
  const leaf = label.slice(slash + 1).trim();
  const category = label.slice(0, slash).trim();
  return leaf === '' || category === '' ? null : { leaf, category };
};
const POPULATION = 'var(--mantine-color-gray-6)';

/**
 * A distribution with affinity, drawn in plain SVG: one row per value with its audience share (bar),
 * the population's share (tick), the percentage and the affinity index. A real table, so screen
 * readers and copy-paste read the numbers.
 */
export function ShareBars({ data, caption, labelOf = (d) => d.label, limit }: ShareBarsProps) {
  const { t } = useTranslation();
  const rows = limit === undefined ? data : data.slice(0, limit);
  const max = shareMax(rows);
  // Counted figures (the insights panels) show n and their 95 % intervals.
  const counted = rows.some((d) => d.shareInterval !== undefined);
  return (
    <div>
      <table className={classes.table} aria-label={caption}>
        <colgroup>
          <col style={{ width: counted ? '30%' : '34%' }} />
          <col />
          {counted && <col style={{ width: '3.6em' }} />}
          <col style={{ width: counted ? '6em' : '4.8em' }} />
          <col style={{ width: counted ? '6.6em' : '6.2em' }} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{t('charts.value')}</th>
            {/* The bars repeat the share column for the eye: no header cell, which axe would find empty. */}
            <td aria-hidden="true" />
            {counted && (
              <th scope="col" className={classes.number} title={t('insightsSupport.countTitle')}>
                {t('insightsSupport.count')}
              </th>
            )}
            <th scope="col" className={classes.number}>
              {t('charts.share')}
            </th>
            <th scope="col" className={classes.number}>
              {t('charts.affinity')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => {
            const label = labelOf(d);
            const tone = affinityTone(d.affinity);
            return (
              <tr key={d.key} data-key={d.key}>
                <td className={classes.label} title={label}>
                  <LabelText label={label} />
                </td>
                <td aria-hidden="true">
                  <svg className={classes.bar} viewBox="0 0 100 14" preserveAspectRatio="none">
                    <rect
                      x="0"
                      y="2"
                      width={100 * barFraction(d.share, max)}
                      height="10"
                      rx="1"
                      fill={AUDIENCE}
                    />
                    <rect
                      x={Math.max(0, 100 * barFraction(d.populationShare, max) - 0.6)}
                      y="0"
                      width="1.2"
                      height="14"
                      fill={POPULATION}
                    />
                  </svg>
                </td>
                {counted && <td className={classes.number}>{formatLargeNumber(d.count)}</td>}
                <td className={classes.number}>
                  {formatShare(d.share)}
                  {d.shareInterval && (
                    <span className={classes.interval}>
                      {formatShare(d.shareInterval[0])}–{formatShare(d.shareInterval[1])}
                    </span>
                  )}
                </td>
                <td
                  className={`${classes.number} ${classes[tone]}`}
                  title={t('charts.populationShare', { share: formatShare(d.populationShare) })}
                >
                  {formatAffinity(d.affinity)}
                  {d.affinityInterval && (
                    <span className={classes.interval}>
                      {formatAffinity(d.affinityInterval[0])}–{formatAffinity(d.affinityInterval[1])}
                    </span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className={classes.legend} aria-hidden="true">
        <span>
          <span className={classes.swatch} style={{ background: AUDIENCE }} />
          {t('charts.legendAudience')}
        </span>
        <span>
          <span className={classes.swatch} style={{ background: POPULATION, width: 2 }} />
          {t('charts.legendPopulation')}
        </span>
        <span>{t('charts.legendAffinity')}</span>
        {counted && <span>{t('insightsSupport.legendInterval')}</span>}
      </div>
    </div>
  );
}

/**
 * A value's label. A path ("Category/Sub-category") shows its last part, with the category muted and
 * smaller after it, so that rows of one category do not all read alike when the cell cuts them; screen
 * readers read the full label, and the cell's title shows it on hover.
 */
function LabelText({ label }: { label: string }) {
  const parts = splitPath(label);
  if (parts === null) return label;
  return (
    <>
      <span className={classes.srOnly}>{label}</span>
      <span aria-hidden="true">{parts.leaf}</span>
      <span aria-hidden="true" className={classes.category}>
        {' '}
        {parts.category}
      </span>
    </>
  );
}
