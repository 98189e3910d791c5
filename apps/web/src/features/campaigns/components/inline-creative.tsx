import {
  Button,
  FileButton,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { CREATIVE_TEXT_MAX, MEDIA_MIME_TYPES } from '@murmur/core/api';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/async-button';
import { errorText, fieldError } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useCreateAd } from '../api/create-ad';
import { useCreateCreative } from '../api/create-creative';
import { useMediaLibrary } from '../api/get-media';
import { useUploadMedia } from '../api/upload-media';
import { PostPreview } from './post-preview';

/** A creative's name from its text: the first line, cut at 60 characters (the creatives page shows it). */
export const creativeNameOf = (text: string): string => {
  const line = text.trim().split('\n')[0]!.trim();
  const chars = [...line];
  return chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : line;
};

export interface InlineCreativeProps {
  teamSlug: string;
  campaignId: number;
  adsetId: number;
  adsetName: string;
  /** Called once the ad is added (the form is then emptied for the next). */
  onAdded?: () => void;
}

/**
 * The wizard's ads step without a creative to pick: the post written here (text, an optional image
 * from the media library or uploaded on the spot) is saved as a creative of the team and added as
 * an ad of the ad set, without leaving the wizard.
 */
export function InlineCreative({ teamSlug, campaignId, adsetId, adsetName, onAdded }: InlineCreativeProps) {
  const { t } = useTranslation();
  const media = useMediaLibrary(teamSlug);
  const upload = useUploadMedia(teamSlug);
  const createCreative = useCreateCreative();
  const createAd = useCreateAd();
  const [text, setText] = useState('');
  const [mediaId, setMediaId] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ name: string; share: number } | null>(null);
  const progressLabel = useId();
  const length = [...text].length;
  const tooLong = length > CREATIVE_TEXT_MAX;
  const chosen = media.data?.find((m) => String(m.id) === mediaId) ?? null;

  const send = async (file: File | null) => {
    if (file === null) return;
    setProgress({ name: file.name, share: 0 });
    try {
      const made = await upload.mutateAsync({
        upload: file,
        onProgress: (share) => setProgress({ name: file.name, share }),
      });
      setMediaId(String(made.id));
      notify.success(t('campaigns.media.uploaded', { name: file.name }));
    } catch (error) {
      notify.error(errorText(error, t));
    } finally {
      setProgress(null);
    }
  };

  const add = async () => {
    const sent = { text, mediaId };
    try {
      const creative = await createCreative.mutateAsync({
        team: teamSlug,
        name: creativeNameOf(text),
        text,
        media: mediaId === null ? null : Number(mediaId),
        call_to_action: null,
        url: null,
      });
      await createAd.mutateAsync({ campaignId, ad: { adset: adsetId, creative: creative.id } });
      // Emptied for the next ad, unless changed while this one was being saved.
      setText((now) => (now === sent.text ? '' : now));
      setMediaId((now) => (now === sent.mediaId ? null : now));
      onAdded?.();
    } catch (error) {
      notify.error(errorText(error, t));
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid="inline-creative">
      <Stack gap="sm">
        <Textarea
          label={t('campaigns.wizard.adText')}
          aria-label={`${t('campaigns.wizard.adText')} · ${adsetName}`}
          placeholder={t('campaigns.creatives.textPlaceholder')}
          required
          autosize
          minRows={3}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          description={t('campaigns.creatives.count', { count: length, max: CREATIVE_TEXT_MAX })}
          error={
            tooLong
              ? t('campaigns.creatives.tooLong', { max: CREATIVE_TEXT_MAX })
              : fieldError(createCreative.error, 'text')
          }
        />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <Select
            label={t('campaigns.creatives.media')}
            aria-label={`${t('campaigns.creatives.media')} · ${adsetName}`}
            data={(media.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
            value={mediaId}
            onChange={setMediaId}
            clearable
            placeholder={media.isPending ? t('common.loading') : t('campaigns.creatives.noMedia')}
            error={media.isError ? errorText(media.error, t) : undefined}
            style={{ flex: '1 1 200px' }}
          />
          <FileButton onChange={(file) => void send(file)} accept={MEDIA_MIME_TYPES.join(',')}>
            {(props) => (
              <Button variant="default" loading={progress !== null} {...props}>
                {t('campaigns.wizard.uploadImage')}
              </Button>
            )}
          </FileButton>
        </Group>
        {progress !== null && (
          <Stack gap={4}>
            <Text size="sm" id={progressLabel}>
              {t('campaigns.media.uploading', { name: progress.name })}
            </Text>
            <Progress value={progress.share * 100} aria-labelledby={progressLabel} />
          </Stack>
        )}
        <Group>
          <AsyncButton onClick={add} disabled={text.trim() === '' || tooLong || progress !== null}>
            {t('campaigns.wizard.writeAndAdd')}
          </AsyncButton>
        </Group>
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('campaigns.creatives.preview')}
        </Text>
        <PostPreview text={text} media={chosen} callToAction={null} url={null} />
      </Stack>
    </SimpleGrid>
  );
}
