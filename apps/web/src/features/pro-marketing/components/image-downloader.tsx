import { Alert, Button, Group, Image, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/lib/download';
import { errorText } from '@/lib/error-text';
import { downloadImages, MAX_IMAGE_URLS } from '../api/download-images';

/** The addresses typed, one a line (blank lines and repeats left out). */
const addressesOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/\s+/)
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  ),
];

const dataUrlOf = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable image'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });

/**
 * SPEC §7 image downloader: images of this site or of X saved as PNG — one address gives a PNG
 * (shown here too), several a zip of PNGs.
 */
export function ImageDownloader() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const urls = useMemo(() => addressesOf(text), [text]);
  const download = useMutation({ mutationFn: downloadImages });
  const [preview, setPreview] = useState<string | null>(null);
  const tooMany = urls.length > MAX_IMAGE_URLS;
  const run = () => {
    // The previous result's preview goes, so a refusal is not shown beside an older image.
    setPreview(null);
    download.mutate(urls, {
      onSuccess: (file) => {
        downloadBlob(file.blob, file.fileName);
        // A data: URL, as the site's content security policy allows no blob: images.
        if (file.blob.type === 'image/png') void dataUrlOf(file.blob).then(setPreview);
      },
    });
  };
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="image-downloader-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="image-downloader-title">
          {t('proSite.images.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('proSite.images.intro', { max: MAX_IMAGE_URLS })}
        </Text>
        <Textarea
          label={t('proSite.images.addresses')}
          description={t('proSite.images.help')}
          placeholder="https://pbs.twimg.com/media/…"
          autosize
          minRows={3}
          maxRows={10}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={tooMany ? t('proSite.images.tooMany', { max: MAX_IMAGE_URLS }) : undefined}
        />
        <Group>
          <Button onClick={run} loading={download.isPending} disabled={urls.length === 0 || tooMany}>
            {urls.length > 1
              ? t('proSite.images.downloadZip', { count: urls.length })
              : t('proSite.images.downloadPng')}
          </Button>
        </Group>
        {download.isError && (
          <Alert color="red" role="alert">
            {errorText(download.error, t)}
          </Alert>
        )}
        {download.isSuccess && (
          <Text size="sm" role="status">
            {t('proSite.images.saved', {
              file: download.data.fileName,
              size: Math.max(1, Math.round(download.data.blob.size / 1024)),
            })}
          </Text>
        )}
        {preview !== null && (
          <Image src={preview} alt={t('proSite.images.preview')} maw={240} radius="sm" fit="contain" />
        )}
      </Stack>
    </Paper>
  );
}
