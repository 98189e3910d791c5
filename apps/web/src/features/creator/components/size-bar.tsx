import { Anchor, Group, Loader, Paper } from '@mantine/core';
import type { TargetingPackage } from '@murmur/core/targeting';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { useEstimate } from '@/lib/api/build-audience';

export interface SizeBarProps {
  pkg: TargetingPackage;
  exclusions: readonly number[];
  /** The id of the full size panel, further down on a small screen. */
  panelId: string;
}

/**
 * On a small screen the size panel sits below the form: this bar keeps the live size in sight at the
 * foot of the screen while the form scrolls (hidden from the md breakpoint, where the panel is beside
 * the form). The same estimate as the panel (one request), labelled as an estimate with its interval.
 */
export function SizeBar({ pkg, exclusions, panelId }: SizeBarProps) {
  const { t } = useTranslation();
  const estimate = useEstimate(pkg, exclusions);
  if (estimate.empty || estimate.data === undefined) return null;
  const busy = estimate.settling || estimate.isFetching;
  return (
    <Paper
      hiddenFrom="md"
      withBorder
      shadow="md"
      p="xs"
      radius="md"
      data-testid="size-bar"
      role="status"
      aria-label={t('creator.size.title')}
      style={{ position: 'sticky', bottom: 8, zIndex: 5 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <FigureView figure={estimate.data.figure} withLabel />
        <Group gap="xs" wrap="nowrap">
          {busy && <Loader role="status" size="xs" aria-label={t('creator.size.updating')} />}
          <Anchor href={`#${panelId}`} size="sm">
            {t('creator.sizeBar.details')}
          </Anchor>
        </Group>
      </Group>
    </Paper>
  );
}
