import { Avatar, Box, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { AdMedia, CALLS_TO_ACTION } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';

export interface PostPreviewProps {
  text: string;
  media: AdMedia | null | undefined;
  callToAction: (typeof CALLS_TO_ACTION)[number] | null | undefined;
  url: string | null | undefined;
  /** Who posts it (the ad account's name). */
  author?: string;
}

/** A creative as the post on X would look: author, text, image and the call to action's card. */
export function PostPreview({ text, media, callToAction, url, author }: PostPreviewProps) {
  const { t } = useTranslation();
  const host = (() => {
    try {
      return url ? new URL(url).host : null;
    } catch {
      return null;
    }
  })();
  return (
    <Paper withBorder radius="lg" p="md" maw={520} role="group" aria-label={t('campaigns.creatives.preview')}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Avatar radius="xl" color="blue">
          {(author ?? 'M').slice(0, 1).toUpperCase()}
        </Avatar>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={700} size="sm">
              {author ?? t('campaigns.creatives.yourAccount')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('campaigns.creatives.promoted')}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {text || t('campaigns.creatives.textPlaceholder')}
          </Text>
          {media && (
            <Box style={{ borderRadius: 12, overflow: 'hidden' }}>
              <Image src={media.thumbnail_url} alt={media.name} />
            </Box>
          )}
          {callToAction && (
            <Group
              justify="space-between"
              p="xs"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            >
              <Text size="xs" c="dimmed">
                {host}
              </Text>
              <Button size="xs" radius="xl" tabIndex={-1}>
                {t(`campaigns.cta.${callToAction}`)}
              </Button>
            </Group>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
