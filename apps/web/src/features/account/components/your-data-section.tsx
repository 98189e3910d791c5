import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { useExportMyData } from '../api/export-my-data';
import { DeleteAccountModal } from './delete-account-modal';

/** Manage account: "Download my data" and the danger zone's "Delete account". */
export function YourDataSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const exportData = useExportMyData();
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setError(null);
    try {
      await exportData.mutateAsync();
    } catch (failure) {
      setError(errorText(failure, t));
    }
  };

  return (
    <>
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="your-data-title">
        <Title order={2} size="h4" mb="xs" id="your-data-title">
          {t('credentials.dataTitle')}
        </Title>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('credentials.dataIntro')}
          </Text>
          {error !== null && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button variant="default" loading={exportData.isPending} onClick={() => void download()}>
              {t('credentials.download')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="section"
        aria-labelledby="danger-zone-title"
        style={{ borderColor: 'var(--mantine-color-red-6)' }}
      >
        <Title order={2} size="h4" mb="xs" id="danger-zone-title">
          {t('credentials.dangerZone')}
        </Title>
        <Stack gap="sm">
          <Text size="sm">{t('credentials.deleteIntro')}</Text>
          <Group>
            <Button color="red" onClick={() => setDeleting(true)}>
              {t('credentials.deleteAccount')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <DeleteAccountModal email={email} opened={deleting} onClose={() => setDeleting(false)} />
    </>
  );
}
