import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { config } from '../lib/config';
import { getConsent, setConsent, type ConsentChoice } from '../lib/consent';

/** Whether this build measures anything that needs the visitor's consent (analytics or replay). */
export const measuresVisitors = (c: Pick<typeof config, 'mode' | 'analyticsToken' | 'sessionReplayId'>) =>
  (c.mode === 'production' && Boolean(c.analyticsToken)) || Boolean(c.sessionReplayId);

/**
 * Asks once whether usage may be measured (the analytics wrapper and the session-replay snippet start
 * only after "Allow"). Not shown when nothing is configured, nor after an answer.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ConsentChoice | null>(() => getConsent());
  if (!measuresVisitors(config) || choice !== null) return null;
  const answer = (value: ConsentChoice) => {
    setConsent(value);
    setChoice(value);
  };
  return (
    <Paper
      component="section"
      aria-label={t('consent.label')}
      withBorder
      shadow="md"
      p="md"
      radius="md"
      style={{ position: 'fixed', insetInline: 16, bottom: 16, zIndex: 300, maxWidth: 640 }}
    >
      <Text size="sm">{t('consent.text')}</Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={() => answer('granted')}>
          {t('consent.allow')}
        </Button>
        <Button size="xs" variant="default" onClick={() => answer('denied')}>
          {t('consent.decline')}
        </Button>
      </Group>
    </Paper>
  );
}
