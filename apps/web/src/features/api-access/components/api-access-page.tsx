import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/page-title';
import { ApiKeysPanel } from './api-keys-panel';
import { WebhooksPanel } from './webhooks-panel';

export interface ApiAccessPageProps {
  slug: string;
  /** Team admins only manage keys and webhooks; anyone else is told so and nothing is fetched. */
  isAdmin: boolean;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" mb="md" id={`${id}-title`}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Team settings → API access: the team's API keys and webhooks (docs/API-KEYS.md). */
export function ApiAccessPage({ slug, isAdmin }: ApiAccessPageProps) {
  const { t } = useTranslation();
  usePageTitle(t('apiAccess.title'));
  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {t('apiAccess.title')}
      </Title>
      {isAdmin ? (
        <>
          <Text c="dimmed">
            {t('apiAccess.intro')}{' '}
            <Anchor href="/api/docs" target="_blank" rel="noreferrer">
              {t('apiAccess.docsLink')}
            </Anchor>
          </Text>
          <Section id="api-keys" title={t('apiAccess.keys.title')}>
            <ApiKeysPanel slug={slug} />
          </Section>
          <Section id="webhooks" title={t('apiAccess.webhooks.title')}>
            <WebhooksPanel slug={slug} />
          </Section>
        </>
      ) : (
        <Alert color="gray">{t('apiAccess.adminsOnly')}</Alert>
      )}
    </Stack>
  );
}
