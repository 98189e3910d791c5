import { ShareBars } from '@/components/charts/share-bars';
import type { ShareDatum } from '@/components/charts/types';
import type { Basis, Share } from '../types';
import { sharesText } from '../utils/panel-text';
import { EmptyPanel, Panel } from './panel';

export interface SharePanelProps {
  title: string;
  shares: readonly Share[] | undefined;
  basis?: Basis;
  labelOf?: (share: ShareDatum) => string;
  limit?: number;
  wide?: boolean;
}

/** A panel holding one distribution with affinity. */
export function SharePanel({ title, shares, basis, labelOf, limit = 15, wide }: SharePanelProps) {
  const rows = (shares ?? []).slice(0, limit);
  return (
    <Panel title={title} basis={basis} wide={wide} copyText={() => sharesText(rows, labelOf)}>
      {rows.length === 0 ? <EmptyPanel /> : <ShareBars data={rows} caption={title} labelOf={labelOf} />}
    </Panel>
  );
}
