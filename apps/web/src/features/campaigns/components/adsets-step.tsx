import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PLACEMENTS, SIZE_BUCKET_AUTO, SIZE_BUCKETS, type Placement } from '@murmur/core/targeting';
import { useMemo, type Dispatch, type SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { AsyncButton } from '@/components/async-button';
import { FigureView } from '@/components/figure';
import { useAudienceConfigs } from '@/lib/api/get-audience-configs';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useCreateAdset } from '../api/create-adset';
import { useDeleteAdset } from '../api/delete-adset';
import { useAdsets } from '../api/get-adsets';
import { useAudienceSizes } from '../hooks/use-audience-sizes';

/** The ad-set form not yet added (kept by the wizard, so moving between steps loses nothing). */
export interface AdsetForm {
  name: string;
  audience: string | null;
  placements: Placement[];
  sizeBucket: string;
}

export const emptyAdsetForm = (): AdsetForm => ({
  name: '',
  audience: null,
  placements: [...PLACEMENTS],
  sizeBucket: SIZE_BUCKET_AUTO,
});

export interface AdsetsStepProps {
  teamSlug: string;
  draftId: number | null;
  adsetForm: AdsetForm;
  setAdsetForm: Dispatch<SetStateAction<AdsetForm>>;
}

/** Step 2: the draft's ad sets, each a saved audience on some placements with a size bucket. */
export function AdsetsStep({ teamSlug, draftId, adsetForm, setAdsetForm }: AdsetsStepProps) {
  const { t } = useTranslation();
  const adsets = useAdsets(draftId);
  const audiences = useAudienceConfigs({ team: teamSlug, ordering: '-modified' });
  const audienceList = useMemo(() => audiences.data?.pages.flatMap((p) => p.results) ?? [], [audiences.data]);
  const audienceOptions = useMemo(
    () => audienceList.map((a) => ({ value: String(a.id), label: a.name })),
    [audienceList],
  );
  // Each ad set's audience size: the same figure as My Audiences shows (docs/decisions/006-sampling-model.md).
  const sizeOf = useAudienceSizes(teamSlug);
  const createAdset = useCreateAdset();
  const deleteAdset = useDeleteAdset();

  return (
    <Stack gap="md">
      {(adsets.data ?? []).map((a) => {
        const size = a.audience_config === null ? undefined : sizeOf.get(a.audience_config);
        return (
          <Paper key={a.id} withBorder p="sm" radius="md" data-testid="adset">
            <Group justify="space-between">
              <Stack gap={2}>
                <Text fw={600}>{a.name}</Text>
                <Text size="sm" c="dimmed">
                  {a.audience_name ?? '—'} ·{' '}
                  {a.placements.map((p) => t(`campaigns.placements.${p}`)).join(', ')} ·{' '}
                  {a.size_bucket === SIZE_BUCKET_AUTO ? t('campaigns.fields.sizeBucketAuto') : a.size_bucket}
                </Text>
                {size && <FigureView figure={size} withLabel />}
              </Stack>
              <Button variant="subtle" color="red" onClick={() => deleteAdset.mutate(a.id)}>
                {t('campaigns.actions.remove')}
              </Button>
            </Group>
          </Paper>
        );
      })}
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          {t('campaigns.wizard.addAdset')}
        </Title>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('campaigns.fields.adsetName')}
              value={adsetForm.name}
              onChange={(e) => setAdsetForm({ ...adsetForm, name: e.currentTarget.value })}
            />
            <Select
              label={t('campaigns.fields.audience')}
              data={audienceOptions}
              value={adsetForm.audience}
              onChange={(v) => setAdsetForm({ ...adsetForm, audience: v })}
              searchable
              nothingFoundMessage={t('campaigns.fields.noAudiences')}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('campaigns.fields.placements')}
            value={adsetForm.placements}
            onChange={(v) => setAdsetForm({ ...adsetForm, placements: v as Placement[] })}
          >
            <Group mt={4}>
              {PLACEMENTS.map((p) => (
                <Checkbox key={p} value={p} label={t(`campaigns.placements.${p}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Select
            label={t('campaigns.fields.sizeBucket')}
            data={[
              { value: SIZE_BUCKET_AUTO, label: t('campaigns.fields.sizeBucketAuto') },
              ...SIZE_BUCKETS.map((b) => ({ value: b, label: b })),
            ]}
            value={adsetForm.sizeBucket}
            onChange={(v) => v && setAdsetForm({ ...adsetForm, sizeBucket: v })}
            allowDeselect={false}
            w={260}
          />
          <Group>
            <AsyncButton
              disabled={
                !adsetForm.name.trim() ||
                !adsetForm.audience ||
                adsetForm.placements.length === 0 ||
                draftId === null
              }
              onClick={async () => {
                const sent = adsetForm;
                try {
                  await createAdset.mutateAsync({
                    campaign: draftId!,
                    name: sent.name.trim(),
                    audience_config: Number(sent.audience),
                    placements: sent.placements,
                    size_bucket: sent.sizeBucket as (typeof SIZE_BUCKETS)[number],
                  });
                  // Cleared for the next ad set, but only what still holds what was sent: what the
                  // user typed or chose while it was being saved stays.
                  setAdsetForm((now) => ({
                    ...now,
                    name: now.name === sent.name ? '' : now.name,
                    audience: now.audience === sent.audience ? null : now.audience,
                  }));
                } catch (error) {
                  notify.error(errorText(error, t));
                }
              }}
            >
              {t('campaigns.wizard.addAdset')}
            </AsyncButton>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
