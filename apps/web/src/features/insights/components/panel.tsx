import { Button, Group, Paper, Text, Title } from '@mantine/core';
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/async-button';
import { copyToClipboard } from '@/lib/clipboard';
import { exportPng } from '@/lib/export-png';
import { notify } from '@/lib/notifications';
import type { Basis } from '../types';

export interface PanelProps {
  title: string;
  /** The panel's data as text for "Copy" ('' when there is nothing: SPEC §5 "Nothing selected to copy."). */
  copyText: () => string;
  /** Says when the panel counts a sample of the members. */
  basis?: Basis;
  /** Takes the whole row of the grid. */
  wide?: boolean;
  children: ReactNode;
}

/**
 * One insights panel: a titled region (its accessible name is the title) with Copy and Export PNG.
 * `data-export-panel` marks it for the zip of all panels; the buttons stay out of the image.
 */
export function Panel({ title, copyText, basis, wide = false, children }: PanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);

  const exportImage = async () => {
    if (ref.current === null) return;
    try {
      await exportPng({ name: title, node: ref.current });
    } catch {
      notify.error(t('insights.exportFailed'));
    }
  };

  return (
    <Paper
      component="section"
      ref={ref}
      aria-labelledby={titleId}
      data-export-panel=""
      data-export-name={title}
      withBorder
      radius="md"
      p="md"
      style={wide ? { gridColumn: '1 / -1' } : undefined}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm" gap="xs">
        <Title order={3} fz="md" id={titleId}>
          {title}
        </Title>
        <Group gap={4} wrap="nowrap" data-export-ignore="">
          <Button size="compact-xs" variant="subtle" onClick={() => void copyToClipboard(copyText())}>
            {t('insights.copy')}
          </Button>
          <AsyncButton size="compact-xs" variant="light" onClick={exportImage}>
            {t('insights.exportPng')}
          </AsyncButton>
        </Group>
      </Group>
      {children}
      {basis !== undefined && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="panel-support">
          {t('insightsSupport.basis', {
            analysed: basis.analysed.toLocaleString('en-US'),
            min: basis.minSupport,
          })}
        </Text>
      )}
      {basis?.sampled === true && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('insights.sampled', {
            analysed: basis.analysed.toLocaleString('en-US'),
            members: basis.members.toLocaleString('en-US'),
          })}
        </Text>
      )}
    </Paper>
  );
}

/** Shown in a panel without data. */
export function EmptyPanel() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="dimmed">
      {t('insights.emptyPanel')}
    </Text>
  );
}
