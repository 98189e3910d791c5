import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { CALLS_TO_ACTION, CREATIVE_TEXT_MAX, type AdCreative } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/async-button';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { errorText, fieldError } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useCreateCreative } from '../api/create-creative';
import { useDeleteCreative } from '../api/delete-creative';
import { useCreatives } from '../api/get-creatives';
import { useMediaLibrary } from '../api/get-media';
import { PostPreview } from './post-preview';

type Cta = (typeof CALLS_TO_ACTION)[number];
const EMPTY = { name: '', text: '', media: null as string | null, cta: null as Cta | null, url: '' };

/** SPEC §2 Creatives: a team's ad creatives (text, media, call to action) with a preview as a post. */
export function CreativesPage({ teamSlug, mediaPath }: { teamSlug: string; mediaPath: string }) {
  const { t } = useTranslation();
  usePageTitle(t('campaigns.creatives.title'));
  const creatives = useCreatives(teamSlug);
  const media = useMediaLibrary(teamSlug);
  const create = useCreateCreative();
  const remove = useDeleteCreative(teamSlug);
  const [form, setForm] = useState(EMPTY);
  const chosenMedia = media.data?.find((m) => String(m.id) === form.media) ?? null;
  const length = [...form.text].length;
  const valid =
    form.name.trim() !== '' &&
    form.text.trim() !== '' &&
    length <= CREATIVE_TEXT_MAX &&
    (!form.cta || form.url.trim() !== '');

  const save = async () => {
    try {
      await create.mutateAsync({
        team: teamSlug,
        name: form.name.trim(),
        text: form.text,
        media: form.media ? Number(form.media) : null,
        call_to_action: form.cta,
        url: form.url.trim() || null,
      });
      notify.success(t('campaigns.creatives.saved'));
      setForm(EMPTY);
    } catch (error) {
      notify.error(errorText(error, t));
    }
  };

  const list = () => {
    if (creatives.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
    if (creatives.isError) return <QueryError query={creatives} />;
    if (creatives.data.length === 0) return <Text c="dimmed">{t('table.noResults')}</Text>;
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {creatives.data.map((c: AdCreative) => (
          <Stack key={c.id} gap={6} data-testid="creative">
            <Group justify="space-between">
              <Text fw={600}>{c.name}</Text>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => remove.mutate(c.id, { onError: (error) => notify.error(errorText(error, t)) })}
              >
                {t('campaigns.actions.delete')}
              </Button>
            </Group>
            <PostPreview text={c.text} media={c.media} callToAction={c.call_to_action} url={c.url} />
          </Stack>
        ))}
      </SimpleGrid>
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('campaigns.creatives.title')} intro={t('campaigns.creatives.intro')} />
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('campaigns.creatives.new')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <TextInput
              label={t('campaigns.fields.name')}
              required
              value={form.name}
              onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
              error={fieldError(create.error, 'name')}
            />
            <Textarea
              label={t('campaigns.creatives.text')}
              required
              autosize
              minRows={3}
              value={form.text}
              onChange={(e) => setForm({ ...form, text: e.currentTarget.value })}
              description={t('campaigns.creatives.count', { count: length, max: CREATIVE_TEXT_MAX })}
              error={
                length > CREATIVE_TEXT_MAX
                  ? t('campaigns.creatives.tooLong', { max: CREATIVE_TEXT_MAX })
                  : fieldError(create.error, 'text')
              }
            />
            <Select
              label={t('campaigns.creatives.media')}
              data={(media.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
              value={form.media}
              onChange={(v) => setForm({ ...form, media: v })}
              clearable
              placeholder={t('campaigns.creatives.noMedia')}
            />
            {media.isSuccess && media.data.length === 0 && (
              <Alert color="blue">
                {t('campaigns.creatives.uploadFirst')}{' '}
                <Button component={Link} to={mediaPath} size="xs" variant="subtle">
                  {t('campaigns.media.title')}
                </Button>
              </Alert>
            )}
            <Select
              label={t('campaigns.creatives.callToAction')}
              data={CALLS_TO_ACTION.map((c) => ({ value: c, label: t(`campaigns.cta.${c}`) }))}
              value={form.cta}
              onChange={(v) => setForm({ ...form, cta: v as Cta | null })}
              clearable
            />
            <TextInput
              label={t('campaigns.creatives.url')}
              type="url"
              required={form.cta !== null}
              value={form.url}
              onChange={(e) => setForm({ ...form, url: e.currentTarget.value })}
              error={fieldError(create.error, 'url')}
            />
            <Group>
              <AsyncButton onClick={save} disabled={!valid}>
                {t('campaigns.creatives.save')}
              </AsyncButton>
            </Group>
          </Stack>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('campaigns.creatives.preview')}
            </Text>
            <PostPreview text={form.text} media={chosenMedia} callToAction={form.cta} url={form.url} />
          </Stack>
        </SimpleGrid>
      </Paper>
      {list()}
    </Stack>
  );
}
