import { Button, Card, FileButton, Group, Image, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { MEDIA_MIME_TYPES } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useDeleteMedia } from '../api/delete-media';
import { useMediaLibrary } from '../api/get-media';
import { useUploadMedia } from '../api/upload-media';

/** SPEC §2 Media: a team's images, uploaded with progress through the policy/complete protocol. */
export function MediaLibrary({ teamSlug }: { teamSlug: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('campaigns.media.title'));
  const media = useMediaLibrary(teamSlug);
  const upload = useUploadMedia(teamSlug);
  const remove = useDeleteMedia(teamSlug);
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);

  const send = async (files: File[]) => {
    for (const file of files) {
      setProgress({ name: file.name, share: 0 });
      try {
        await upload.mutateAsync({
          upload: file,
          onProgress: (share) => setProgress({ name: file.name, share }),
        });
        notify.success(t('campaigns.media.uploaded', { name: file.name }));
      } catch (error) {
        notify.error(errorText(error, t));
      }
    }
    setProgress(null);
  };

  const grid = () => {
    if (media.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
    if (media.isError) return <QueryError query={media} />;
    if (media.data.length === 0) return <Text c="dimmed">{t('table.noResults')}</Text>;
    return (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
        {media.data.map((m) => (
          <Card key={m.id} withBorder padding="xs" radius="md" data-testid="media-item">
            <Card.Section>
              <Image src={m.thumbnail_url} alt={m.name} h={140} fit="cover" />
            </Card.Section>
            <Text size="sm" fw={500} mt="xs" truncate="end" title={m.name}>
              {m.name}
            </Text>
            <Text size="xs" c="dimmed">
              {m.width}×{m.height} · {Math.max(1, Math.round(m.size / 1024))} KB ·{' '}
              {formatDate(m.date, language)}
            </Text>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              mt={4}
              onClick={() => remove.mutate(m.id, { onError: (error) => notify.error(errorText(error, t)) })}
            >
              {t('campaigns.actions.delete')}
            </Button>
          </Card>
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageHeader title={t('campaigns.media.title')} intro={t('campaigns.media.intro')} />
        <FileButton onChange={(files) => void send(files)} accept={MEDIA_MIME_TYPES.join(',')} multiple>
          {(props) => (
            <Button {...props} loading={progress !== null}>
              {t('campaigns.media.upload')}
            </Button>
          )}
        </FileButton>
      </Group>
      {progress && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">{t('campaigns.media.uploading', { name: progress.name })}</Text>
          <Progress
            value={Math.round(progress.share * 100)}
            aria-label={t('campaigns.media.progress')}
            animated
          />
        </Stack>
      )}
      {grid()}
    </Stack>
  );
}
