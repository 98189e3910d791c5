import { Alert, Anchor, Button, Divider, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type Dispatch, type SetStateAction } from 'react';
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
import { QueryError } from '@/components/route-error';
import { InlineCreative } from './inline-creative';
import { PostPreview } from './post-preview';

export interface AdsStepProps {
  teamSlug: string;
  draftId: number | null;
  creativesPath: string;
  /** The creative picked per ad set and not yet added (kept by the wizard across steps). */
  pick: Record<number, string | null>;
  setPick: Dispatch<SetStateAction<Record<number, string | null>>>;
}

/**
 * Step 3: the ads of each ad set, a creative each, previewed as the post would look. A creative is
 * picked from the team's, or written here (./inline-creative.tsx): without one the step is not a
 * dead end.
 */
export function AdsStep({ teamSlug, draftId, creativesPath, pick, setPick }: AdsStepProps) {
  const { t } = useTranslation();
  const adsets = useAdsets(draftId);
  const ads = useAds(draftId);
  const creatives = useCreatives(teamSlug);
  const createAd = useCreateAd();
  const deleteAd = useDeleteAd();
  // The ad sets whose "write a new ad" form is open (always open while the team has no creative).
  const [writing, setWriting] = useState<Record<number, boolean>>({});
  const creativeOptions = (creatives.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const noCreatives = creatives.isSuccess && creatives.data.length === 0;

  if (adsets.isPending || creatives.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (adsets.isError) return <QueryError query={adsets} />;
  if (creatives.isError) return <QueryError query={creatives} />;

  return (
    <Stack gap="md">
      {noCreatives && (
        <Alert color="blue">
          {t('campaigns.wizard.noCreativesWrite')}{' '}
          <Anchor component={Link} to={creativesPath}>
            {t('campaigns.creatives.title')}
          </Anchor>
        </Alert>
      )}
      {(adsets.data ?? []).map((a) => {
        const picked = creatives.data?.find((x) => String(x.id) === pick[a.id]);
        const open = noCreatives || writing[a.id] === true;
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
              {!(ads.data ?? []).some((ad) => ad.adset === a.id) && (
                <Text size="sm" c="dimmed">
                  {t('campaigns.wizard.noAds')}
                </Text>
              )}
              {!noCreatives && (
                <Group align="flex-end">
                  <Select
                    label={t('campaigns.fields.creative')}
                    data={creativeOptions}
                    value={pick[a.id] ?? null}
                    onChange={(v) => setPick({ ...pick, [a.id]: v })}
                    w={300}
                    maw="100%"
                    aria-label={`${t('campaigns.fields.creative')} · ${a.name}`}
                  />
                  <AsyncButton
                    disabled={!pick[a.id]}
                    onClick={async () => {
                      const sent = pick[a.id];
                      try {
                        await createAd.mutateAsync({
                          campaignId: draftId!,
                          ad: { adset: a.id, creative: Number(sent) },
                        });
                        // Only this ad set's pick, and only if it is still the one sent: picks
                        // made meanwhile (here or for another ad set) stay.
                        setPick((now) => ({
                          ...now,
                          [a.id]: now[a.id] === sent ? null : (now[a.id] ?? null),
                        }));
                      } catch (error) {
                        notify.error(errorText(error, t));
                      }
                    }}
                  >
                    {t('campaigns.wizard.addAd')}
                  </AsyncButton>
                  <Button
                    variant="subtle"
                    aria-expanded={open}
                    aria-label={`${t('campaigns.wizard.writeNew')} · ${a.name}`}
                    onClick={() => setWriting({ ...writing, [a.id]: !open })}
                  >
                    {t('campaigns.wizard.writeNew')}
                  </Button>
                </Group>
              )}
              {pick[a.id] && !open && (
                <PostPreview
                  text={picked?.text ?? ''}
                  media={picked?.media}
                  callToAction={picked?.call_to_action}
                  url={picked?.url}
                />
              )}
              {open && draftId !== null && (
                <>
                  {!noCreatives && (
                    <Divider my="xs" label={t('campaigns.wizard.writeNew')} labelPosition="left" />
                  )}
                  <InlineCreative
                    teamSlug={teamSlug}
                    campaignId={draftId}
                    adsetId={a.id}
                    adsetName={a.name}
                    onAdded={() => setWriting((open) => ({ ...open, [a.id]: false }))}
                  />
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
