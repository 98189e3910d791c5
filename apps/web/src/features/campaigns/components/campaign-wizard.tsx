import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CAMPAIGN_OBJECTIVES,
  minimumBudget,
  type BudgetType,
  type CampaignObjective,
} from '@murmur/core/api';
import {
  CURRENCIES,
  currencySymbol,
  DEFAULT_CURRENCY,
  formatMoney,
  type Currency,
} from '@murmur/core/format';
import { PLACEMENTS, SIZE_BUCKET_AUTO, SIZE_BUCKETS, type Placement } from '@murmur/core/targeting';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AsyncButton } from '../../../components/async-button';
import { PageHeader, usePageTitle } from '../../../components/page-title';
import { Stepper } from '../../../components/stepper';
import { useAudienceConfigs } from '../../../lib/api/get-audience-configs';
import { errorText, fieldError } from '../../../lib/error-text';
import { notify } from '../../../lib/notifications';
import {
  useAds,
  useAdsets,
  useCampaign,
  useCreateAd,
  useCreateAdset,
  useCreateCampaign,
  useDeleteAd,
  useDeleteAdset,
  useGrantedAccounts,
  usePatchCampaign,
} from '../api/campaigns';
import { useCreatives } from '../api/creatives';
import { PostPreview } from './post-preview';

/** "EUR (€)": SPEC §3 symbols exist only for EUR, USD and GBP. */
export const currencyLabel = (c: Currency) => (currencySymbol(c) ? `${c} (${currencySymbol(c)})` : c);
/** An ISO date-time as the browser's datetime-local value, in local time. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/** The first step's fields, as the inputs hold them. */
type CampaignForm = {
  name: string;
  objective: CampaignObjective;
  ad_account_id: string;
  currency: Currency;
  budget_type: BudgetType;
  daily_budget: number | null;
  lifetime_budget: number | null;
  start: string | null;
  end: string | null;
};

export interface CampaignWizardProps {
  teamSlug: string;
  /** Where the campaign opens once published or left as a draft. */
  detailPath: (id: number) => string;
  creativesPath: string;
}

/**
 * SPEC §2 campaign wizard: objective, budget (lifetime or daily) and schedule; ad sets (a saved
 * audience, placements, size bucket); ads (creatives); review and publish. The draft is saved on the
 * server from the first step on (`?draft=` keeps it across reloads).
 */
export function CampaignWizard({ teamSlug, detailPath, creativesPath }: CampaignWizardProps) {
  const { t } = useTranslation();
  usePageTitle(t('campaigns.new'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const draftId = Number(params.get('draft')) || null;
  const draft = useCampaign(draftId);
  const [active, setActive] = useState(0);

  // Step 1: the campaign.
  const [form, setForm] = useState<CampaignForm>({
    name: '',
    objective: 'ENGAGEMENTS',
    ad_account_id: '',
    currency: DEFAULT_CURRENCY,
    budget_type: 'daily',
    daily_budget: null,
    lifetime_budget: null,
    start: null,
    end: null,
  });
  const [loadedDraft, setLoadedDraft] = useState<number | null>(null);
  if (draft.data && loadedDraft !== draft.data.id) {
    const d = draft.data;
    setLoadedDraft(d.id);
    setForm({
      name: d.name,
      objective: d.objective,
      ad_account_id: d.ad_account_id,
      currency: d.currency,
      budget_type: d.budget_type,
      daily_budget: d.daily_budget,
      lifetime_budget: d.lifetime_budget,
      start: d.start,
      end: d.end,
    });
  }
  const accounts = useGrantedAccounts(teamSlug);
  const create = useCreateCampaign();
  const patch = usePatchCampaign();
  const saving = draftId === null ? create : patch;
  const budget = form.budget_type === 'lifetime' ? form.lifetime_budget : form.daily_budget;
  const min = minimumBudget(form.currency);
  const endBeforeStart = form.start && form.end && new Date(form.end) <= new Date(form.start);
  const step1Valid =
    form.name.trim() !== '' &&
    form.ad_account_id !== '' &&
    typeof budget === 'number' &&
    budget >= min &&
    !endBeforeStart &&
    (form.budget_type === 'daily' || Boolean(form.end));

  async function saveCampaign(): Promise<boolean> {
    try {
      if (draftId === null) {
        const created = await create.mutateAsync({ team: teamSlug, ...form });
        setParams((p) => {
          p.set('draft', String(created.id));
          return p;
        });
      } else await patch.mutateAsync({ campaignId: draftId, changes: form });
      return true;
    } catch (error) {
      notify.error(errorText(error, t));
      return false;
    }
  }

  // Step 2: ad sets.
  const adsets = useAdsets(draftId);
  const audiences = useAudienceConfigs({ team: teamSlug, ordering: '-modified' });
  const audienceOptions = useMemo(
    () =>
      (audiences.data?.pages.flatMap((p) => p.results) ?? []).map((a) => ({
        value: String(a.id),
        label: a.name,
      })),
    [audiences.data],
  );
  const [adsetForm, setAdsetForm] = useState({
    name: '',
    audience: null as string | null,
    placements: [...PLACEMENTS] as Placement[],
    sizeBucket: SIZE_BUCKET_AUTO,
  });
  const createAdset = useCreateAdset();
  const deleteAdset = useDeleteAdset();

  // Step 3: ads.
  const ads = useAds(draftId);
  const creatives = useCreatives(teamSlug);
  const [pick, setPick] = useState<Record<number, string | null>>({});
  const createAd = useCreateAd();
  const deleteAd = useDeleteAd();
  const everyAdsetHasAds =
    (adsets.data?.length ?? 0) > 0 &&
    (adsets.data ?? []).every((a) => (ads.data ?? []).some((ad) => ad.adset === a.id));

  const publish = async () => {
    if (draftId === null) return;
    try {
      await patch.mutateAsync({ campaignId: draftId, changes: { status: 'Active' } });
      notify.success(t('campaigns.wizard.published'));
      void navigate(detailPath(draftId));
    } catch (error) {
      notify.error(errorText(error, t));
    }
  };

  const campaignStep = (
    <Stack gap="md" maw={720}>
      <TextInput
        label={t('campaigns.fields.name')}
        required
        value={form.name}
        onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
        error={fieldError(saving.error, 'name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('campaigns.fields.objective')}
          data={CAMPAIGN_OBJECTIVES.map((o) => ({ value: o, label: t(`campaigns.objectives.${o}`) }))}
          value={form.objective}
          onChange={(v) => v && setForm({ ...form, objective: v as CampaignObjective })}
          allowDeselect={false}
        />
        <Select
          label={t('campaigns.fields.adAccount')}
          required
          data={(accounts.data ?? [])
            .filter((g) => g.account.network === 'twitter')
            .map((g) => ({ value: g.account.account_id, label: g.account.account_id }))}
          value={form.ad_account_id || null}
          onChange={(v) => setForm({ ...form, ad_account_id: v ?? '' })}
          placeholder={t('campaigns.fields.adAccountPlaceholder')}
          nothingFoundMessage={t('campaigns.fields.noAdAccounts')}
          error={fieldError(saving.error, 'ad_account_id')}
        />
      </SimpleGrid>
      {accounts.isSuccess && accounts.data.length === 0 && (
        <Alert color="yellow">{t('campaigns.fields.noAdAccounts')}</Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('campaigns.fields.currency')}
          data={CURRENCIES.map((c) => ({ value: c, label: currencyLabel(c) }))}
          value={form.currency}
          onChange={(v) => v && setForm({ ...form, currency: v as Currency })}
          allowDeselect={false}
          error={fieldError(saving.error, 'currency')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('campaigns.fields.budgetType')}
          </Text>
          <SegmentedControl
            value={form.budget_type}
            onChange={(v) => setForm({ ...form, budget_type: v as BudgetType })}
            data={[
              { value: 'daily', label: t('campaigns.fields.daily') },
              { value: 'lifetime', label: t('campaigns.fields.lifetime') },
            ]}
          />
        </Stack>
        <NumberInput
          label={
            form.budget_type === 'lifetime'
              ? t('campaigns.columns.lifetimeBudget')
              : t('campaigns.columns.dailyBudget')
          }
          required
          min={0}
          decimalScale={2}
          value={budget ?? ''}
          onChange={(v) => {
            const n = typeof v === 'number' ? v : null;
            setForm(
              form.budget_type === 'lifetime'
                ? { ...form, lifetime_budget: n }
                : { ...form, daily_budget: n },
            );
          }}
          error={
            typeof budget === 'number' && budget < min
              ? t('campaigns.fields.minimumBudget', { amount: formatMoney(min, form.currency) })
              : fieldError(saving.error, form.budget_type === 'lifetime' ? 'lifetime_budget' : 'daily_budget')
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          type="datetime-local"
          label={t('campaigns.columns.start')}
          value={toLocalInput(form.start ?? null)}
          onChange={(e) => setForm({ ...form, start: fromLocalInput(e.currentTarget.value) })}
        />
        <TextInput
          type="datetime-local"
          label={t('campaigns.columns.end')}
          required={form.budget_type === 'lifetime'}
          value={toLocalInput(form.end ?? null)}
          onChange={(e) => setForm({ ...form, end: fromLocalInput(e.currentTarget.value) })}
          error={endBeforeStart ? t('campaigns.fields.endBeforeStart') : fieldError(saving.error, 'end')}
        />
      </SimpleGrid>
    </Stack>
  );

  const adsetsStep = (
    <Stack gap="md">
      {(adsets.data ?? []).map((a) => (
        <Paper key={a.id} withBorder p="sm" radius="md" data-testid="adset">
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={600}>{a.name}</Text>
              <Text size="sm" c="dimmed">
                {a.audience_name ?? '—'} ·{' '}
                {a.placements.map((p) => t(`campaigns.placements.${p}`)).join(', ')} ·{' '}
                {a.size_bucket === SIZE_BUCKET_AUTO ? t('campaigns.fields.sizeBucketAuto') : a.size_bucket}
              </Text>
            </Stack>
            <Button variant="subtle" color="red" onClick={() => deleteAdset.mutate(a.id)}>
              {t('campaigns.actions.remove')}
            </Button>
          </Group>
        </Paper>
      ))}
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
                try {
                  await createAdset.mutateAsync({
                    campaign: draftId!,
                    name: adsetForm.name.trim(),
                    audience_config: Number(adsetForm.audience),
                    placements: adsetForm.placements,
                    size_bucket: adsetForm.sizeBucket as (typeof SIZE_BUCKETS)[number],
                  });
                  setAdsetForm({ ...adsetForm, name: '', audience: null });
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

  const creativeOptions = (creatives.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const adsStep = (
    <Stack gap="md">
      {creatives.isSuccess && creatives.data.length === 0 && (
        <Alert color="blue">
          {t('campaigns.wizard.noCreatives')}{' '}
          <Anchor component={Link} to={creativesPath}>
            {t('campaigns.creatives.title')}
          </Anchor>
        </Alert>
      )}
      {(adsets.data ?? []).map((a) => (
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
                {...(() => {
                  const c = creatives.data?.find((x) => String(x.id) === pick[a.id]);
                  return {
                    text: c?.text ?? '',
                    media: c?.media,
                    callToAction: c?.call_to_action,
                    url: c?.url,
                  };
                })()}
              />
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );

  const reviewStep = (
    <Stack gap="sm" maw={720}>
      <Text>
        <b>{form.name}</b> · {t(`campaigns.objectives.${form.objective}`)} ·{' '}
        {typeof budget === 'number' && formatMoney(budget, form.currency)} (
        {form.budget_type === 'lifetime' ? t('campaigns.fields.lifetime') : t('campaigns.fields.daily')})
      </Text>
      <Text size="sm">
        {t('campaigns.wizard.summary', { adsets: adsets.data?.length ?? 0, ads: ads.data?.length ?? 0 })}
      </Text>
      <Alert color="blue">{t('campaigns.wizard.publishHint')}</Alert>
      {draft.data?.x_error && <Alert color="red">{draft.data.x_error}</Alert>}
      <Group>
        <Button variant="default" component={Link} to={draftId ? detailPath(draftId) : '#'}>
          {t('campaigns.wizard.keepDraft')}
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Stack gap="lg">
      <PageHeader title={t('campaigns.new')} intro={t('campaigns.wizard.intro')} />
      <Stepper
        active={active}
        onActiveChange={(next) => {
          if (active === 0 && next === 1) {
            void saveCampaign().then((ok) => ok && setActive(1));
            return;
          }
          setActive(next);
        }}
        onSubmit={publish}
        labels={{ submit: t('campaigns.wizard.publish') }}
        steps={[
          { label: t('campaigns.wizard.steps.campaign'), content: campaignStep, valid: step1Valid },
          {
            label: t('campaigns.wizard.steps.adsets'),
            content: adsetsStep,
            valid: (adsets.data?.length ?? 0) > 0,
          },
          { label: t('campaigns.wizard.steps.ads'), content: adsStep, valid: everyAdsetHasAds },
          { label: t('campaigns.wizard.steps.review'), content: reviewStep, valid: everyAdsetHasAds },
        ]}
      />
    </Stack>
  );
}
