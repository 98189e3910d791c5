import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AsyncButton } from '@/components/async-button';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useCreateAd } from '../api/create-ad';
import { useDeleteAd } from '../api/delete-ad';
import { useAds } from '../api/get-ads';
import { useAdsets } from '../api/get-adsets';
import { useCreatives } from '../api/get-creatives';
import { PostPreview } from './post-preview';

export interface AdsStepProps {
  teamSlug: string;
  draftId: number | null;
  creativesPath: string;
  /** The creative picked per ad set and not yet added (kept by the wizard across steps). */
  pick: Record<number, string | null>;
  setPick: (pick: Record<number, string | null>) => void;
}

/** Step 3: the ads of each ad set, a creative each, previewed as the post would look. */
export function AdsStep({ teamSlug, draftId, creativesPath, pick, setPick }: AdsStepProps) {
  const { t } = useTranslation();
  const adsets = useAdsets(draftId);
  const ads = useAds(draftId);
  const creatives = useCreatives(teamSlug);
  const createAd = useCreateAd();
  const deleteAd = useDeleteAd();
  const creativeOptions = (creatives.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <Stack gap="md">
      {creatives.isSuccess && creatives.data.length === 0 && (
        <Alert color="blue">
          {t('campaigns.wizard.noCreatives')}{' '}
          <Anchor component={Link} to={creativesPath}>
            {t('campaigns.creatives.title')}
          </Anchor>
        </Alert>
      )}
      {(adsets.data ?? []).map((a) => {
        const picked = creatives.data?.find((x) => String(x.id) === pick[a.id]);
        return (
          <Paper key={a.id} withBorder p="md" radius="md">
            <Title order={3} size="h5" mb="xs">
              {a.name}
            </Title>
            <Stack gap="xs">
              {(ads.data ?? [])
                .filter((ad) => ad.adset === a.id)
                .map((ad) => (
                  <Group key={ad.id} justify="space-between" data-testid="ad">
                    <Text size="sm">{ad.creative.name}</Text>
                    <Button size="xs" variant="subtle" color="red" onClick={() => deleteAd.mutate(ad.id)}>
                      {t('campaigns.actions.remove')}
                    </Button>
                  </Group>
                ))}
              <Group align="flex-end">
                <Select
                  label={t('campaigns.fields.creative')}
                  data={creativeOptions}
                  value={pick[a.id] ?? null}
                  onChange={(v) => setPick({ ...pick, [a.id]: v })}
                  w={300}
                  aria-label={`${t('campaigns.fields.creative')} · ${a.name}`}
                />
                <AsyncButton
                  disabled={!pick[a.id]}
                  onClick={async () => {
                    try {
                      await createAd.mutateAsync({
                        campaignId: draftId!,
                        ad: { adset: a.id, creative: Number(pick[a.id]) },
                      });
                      setPick({ ...pick, [a.id]: null });
                    } catch (error) {
                      notify.error(errorText(error, t));
                    }
                  }}
                >
                  {t('campaigns.wizard.addAd')}
                </AsyncButton>
              </Group>
              {pick[a.id] && (
                <PostPreview
                  text={picked?.text ?? ''}
                  media={picked?.media}
                  callToAction={picked?.call_to_action}
                  url={picked?.url}
                />
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
