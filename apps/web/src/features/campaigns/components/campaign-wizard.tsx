import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { DEFAULT_CURRENCY, formatMoney } from '@murmur/core/format';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { Stepper } from '@/components/stepper';
import { errorText, serverMessage } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useCreateCampaign } from '../api/create-campaign';
import { useAds } from '../api/get-ads';
import { useAdsets } from '../api/get-adsets';
import { useCampaign } from '../api/get-campaign';
import { usePatchCampaign } from '../api/patch-campaign';
import { AdsStep } from './ads-step';
import { AdsetsStep, emptyAdsetForm, type AdsetForm } from './adsets-step';
import { budgetOf, campaignFormValid, CampaignStep, type CampaignForm } from './campaign-step';
import { ReviewAdsets } from './review-adsets';
import { reviewSummary } from '../utils/review-summary';

export { currencyLabel } from './campaign-step';

export interface CampaignWizardProps {
  teamSlug: string;
  /** Where the campaign opens once published or left as a draft. */
  detailPath: (id: number) => string;
  creativesPath: string;
}

const EMPTY_FORM: CampaignForm = {
  name: '',
  objective: 'ENGAGEMENTS',
  ad_account_id: '',
  currency: DEFAULT_CURRENCY,
  budget_type: 'daily',
  daily_budget: null,
  lifetime_budget: null,
  start: null,
  end: null,
};

/**
 * SPEC §2 campaign wizard: objective, budget (lifetime or daily) and schedule (./campaign-step);
 * ad sets (./adsets-step); ads (./ads-step); review and publish. The draft is saved on the server
 * from the first step on (`?draft=` keeps it across reloads).
 */
export function CampaignWizard({ teamSlug, detailPath, creativesPath }: CampaignWizardProps) {
  const { t } = useTranslation();
  usePageTitle(t('campaigns.new'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const draftId = Number(params.get('draft')) || null;
  const draft = useCampaign(draftId);
  const [active, setActive] = useState(0);
  // What is typed or picked in steps 2 and 3 and not yet added survives moving between steps.
  const [adsetForm, setAdsetForm] = useState<AdsetForm>(emptyAdsetForm);
  const [pick, setPick] = useState<Record<number, string | null>>({});

  const [form, setForm] = useState<CampaignForm>(EMPTY_FORM);
  const [currencyChosen, setCurrencyChosen] = useState(false);
  const [loadedDraft, setLoadedDraft] = useState<number | null>(null);
  if (draft.data && loadedDraft !== draft.data.id) {
    const d = draft.data;
    setLoadedDraft(d.id);
    // A saved draft keeps the currency it was saved with.
    setCurrencyChosen(true);
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
  const chooseCurrency = useCallback(() => setCurrencyChosen(true), []);
  const patch = usePatchCampaign();

  const { save: saveCampaign, error: saveError } = useSaveDraft(teamSlug, draftId, form, setParams);

  const adsets = useAdsets(draftId);
  const ads = useAds(draftId);
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

  const budget = budgetOf(form);
  const reviewStep = (
    <Stack gap="sm" maw={720}>
      <Text>
        <b>{form.name}</b> · {t(`campaigns.objectives.${form.objective}`)} ·{' '}
        {typeof budget === 'number' && formatMoney(budget, form.currency)} (
        {form.budget_type === 'lifetime' ? t('campaigns.fields.lifetime') : t('campaigns.fields.daily')})
      </Text>
      <Text size="sm">{reviewSummary(t, adsets.data?.length ?? 0, ads.data?.length ?? 0)}</Text>
      <ReviewAdsets teamSlug={teamSlug} adsets={adsets.data ?? []} ads={ads.data ?? []} />
      <Alert color="blue">{t('campaigns.wizard.publishHint')}</Alert>
      {draft.data?.x_error && <Alert color="red">{serverMessage(draft.data.x_error)}</Alert>}
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
          {
            label: t('campaigns.wizard.steps.campaign'),
            content: (
              <CampaignStep
                teamSlug={teamSlug}
                form={form}
                onChange={setForm}
                currencyChosen={currencyChosen}
                onCurrencyChosen={chooseCurrency}
                saveError={saveError}
              />
            ),
            valid: campaignFormValid(form),
          },
          {
            label: t('campaigns.wizard.steps.adsets'),
            content: (
              <AdsetsStep
                teamSlug={teamSlug}
                draftId={draftId}
                adsetForm={adsetForm}
                setAdsetForm={setAdsetForm}
              />
            ),
            valid: (adsets.data?.length ?? 0) > 0,
          },
          {
            label: t('campaigns.wizard.steps.ads'),
            content: (
              <AdsStep
                teamSlug={teamSlug}
                draftId={draftId}
                creativesPath={creativesPath}
                pick={pick}
                setPick={setPick}
              />
            ),
            valid: everyAdsetHasAds,
          },
          { label: t('campaigns.wizard.steps.review'), content: reviewStep, valid: everyAdsetHasAds },
        ]}
      />
    </Stack>
  );
}

/**
 * Step 1's save: creates the draft (and names it in the address, ?draft=) or saves its changes.
 * One save at a time: a second Continue while the draft was being created made a second draft.
 */
function useSaveDraft(
  teamSlug: string,
  draftId: number | null,
  form: CampaignForm,
  setParams: ReturnType<typeof useSearchParams>[1],
) {
  const { t } = useTranslation();
  const create = useCreateCampaign();
  const patch = usePatchCampaign();
  const inFlight = useRef<Promise<boolean> | null>(null);
  // The draft just created, before the address that names it has rendered.
  const created = useRef<number | null>(null);

  async function saveOnce(): Promise<boolean> {
    try {
      const id = draftId ?? created.current;
      if (id === null) {
        const draft = await create.mutateAsync({ team: teamSlug, ...form });
        created.current = draft.id;
        setParams((p) => {
          p.set('draft', String(draft.id));
          return p;
        });
      } else await patch.mutateAsync({ campaignId: id, changes: form });
      return true;
    } catch (error) {
      notify.error(errorText(error, t));
      return false;
    }
  }

  const save = (): Promise<boolean> => {
    inFlight.current ??= saveOnce().finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  };
  return { save, error: (draftId === null ? create : patch).error };
}
