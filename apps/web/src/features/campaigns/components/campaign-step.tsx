import {
  Alert,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CAMPAIGN_OBJECTIVES,
  minimumBudget,
  type BudgetType,
  type CampaignObjective,
  type TeamAccount,
} from '@murmur/core/api';
import { CURRENCIES, currencySymbol, formatMoney, type Currency } from '@murmur/core/format';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldError } from '@/lib/error-text';
import { useAdAccountFunding } from '../api/ad-account-funding';
import { ScheduleInput } from './schedule-input';
import { useTeamAccounts } from '@/lib/api/get-team-accounts';

/** "EUR (€)": SPEC §3 symbols exist only for EUR, USD and GBP. */
export const currencyLabel = (c: Currency) => (currencySymbol(c) ? `${c} (${currencySymbol(c)})` : c);
/** The first step's fields, as the inputs hold them. */
export interface CampaignForm {
  name: string;
  objective: CampaignObjective;
  ad_account_id: string;
  currency: Currency;
  budget_type: BudgetType;
  daily_budget: number | null;
  lifetime_budget: number | null;
  start: string | null;
  end: string | null;
}

export const budgetOf = (form: CampaignForm) =>
  form.budget_type === 'lifetime' ? form.lifetime_budget : form.daily_budget;

/** Whether the first step can be saved: name, ad account, a budget over X's minimum, a schedule that holds. */
export function campaignFormValid(form: CampaignForm): boolean {
  const budget = budgetOf(form);
  const endBeforeStart = form.start && form.end && new Date(form.end) <= new Date(form.start);
  return (
    form.name.trim() !== '' &&
    form.ad_account_id !== '' &&
    typeof budget === 'number' &&
    budget >= minimumBudget(form.currency) &&
    !endBeforeStart &&
    (form.budget_type === 'daily' || Boolean(form.end))
  );
}

export interface CampaignStepProps {
  teamSlug: string;
  form: CampaignForm;
  onChange: (form: CampaignForm) => void;
  /** Whether the currency was chosen by hand (or comes from a saved draft): then it is kept. */
  currencyChosen: boolean;
  onCurrencyChosen: () => void;
  saveError: unknown;
}

/** Step 1: name, objective, ad account, currency (the ad account's by default), budget and schedule. */
export function CampaignStep({
  teamSlug,
  form,
  onChange,
  currencyChosen,
  onCurrencyChosen,
  saveError,
}: CampaignStepProps) {
  const { t } = useTranslation();
  const accounts = useTeamAccounts(teamSlug);
  const funding = useAdAccountFunding(teamSlug, form.ad_account_id);
  const accountCurrency = funding.data?.ad_account_id === form.ad_account_id ? funding.data.currency : null;
  // The campaign pays in the ad account's currency on X: default to it until the user picks one.
  useEffect(() => {
    if (accountCurrency !== null && !currencyChosen && form.currency !== accountCurrency)
      onChange({ ...form, currency: accountCurrency });
  }, [accountCurrency, currencyChosen, form, onChange]);

  const budget = budgetOf(form);
  const min = minimumBudget(form.currency);
  const endBeforeStart = form.start && form.end && new Date(form.end) <= new Date(form.start);
  return (
    <Stack gap="md" maw={720}>
      <TextInput
        label={t('campaigns.fields.name')}
        required
        value={form.name}
        onChange={(e) => onChange({ ...form, name: e.currentTarget.value })}
        error={fieldError(saveError, 'name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('campaigns.fields.objective')}
          data={CAMPAIGN_OBJECTIVES.map((o) => ({ value: o, label: t(`campaigns.objectives.${o}`) }))}
          value={form.objective}
          onChange={(v) => v && onChange({ ...form, objective: v as CampaignObjective })}
          allowDeselect={false}
        />
        <Select
          label={t('campaigns.fields.adAccount')}
          required
          data={accountOptions(accounts.data ?? [])}
          value={form.ad_account_id || null}
          onChange={(v) => onChange({ ...form, ad_account_id: v ?? '' })}
          placeholder={t('campaigns.fields.adAccountPlaceholder')}
          nothingFoundMessage={t('campaigns.fields.noAdAccounts')}
          error={fieldError(saveError, 'ad_account_id')}
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
          onChange={(v) => {
            if (!v) return;
            onCurrencyChosen();
            onChange({ ...form, currency: v as Currency });
          }}
          allowDeselect={false}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          description={
            accountCurrency !== null
              ? t('campaigns.fields.currencyFromAccount', { currency: currencyLabel(accountCurrency) })
              : undefined
          }
          error={fieldError(saveError, 'currency')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('campaigns.fields.budgetType')}
          </Text>
          <SegmentedControl
            value={form.budget_type}
            onChange={(v) => onChange({ ...form, budget_type: v as BudgetType })}
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
            onChange(
              form.budget_type === 'lifetime'
                ? { ...form, lifetime_budget: n }
                : { ...form, daily_budget: n },
            );
          }}
          error={
            typeof budget === 'number' && budget < min
              ? t('campaigns.fields.minimumBudget', { amount: formatMoney(min, form.currency) })
              : fieldError(saveError, form.budget_type === 'lifetime' ? 'lifetime_budget' : 'daily_budget')
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ScheduleInput
          label={t('campaigns.columns.start')}
          placeholder={t('campaigns.schedule.onPublish')}
          value={form.start ?? null}
          onChange={(start) => onChange({ ...form, start })}
        />
        <ScheduleInput
          label={t('campaigns.columns.end')}
          placeholder={t('campaigns.schedule.noEnd')}
          required={form.budget_type === 'lifetime'}
          value={form.end ?? null}
          onChange={(end) => onChange({ ...form, end })}
          error={endBeforeStart ? t('campaigns.fields.endBeforeStart') : fieldError(saveError, 'end')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** The team's granted X ad accounts, once each, by name where the grant has one ("Acme Ads (18ce54d4x5t)"). */
function accountOptions(grants: readonly TeamAccount[]): { value: string; label: string }[] {
  const named = new Map<string, string | null>();
  for (const g of grants)
    if (g.account.network === 'twitter')
      named.set(g.account.account_id, named.get(g.account.account_id) ?? g.name);
  return [...named].map(([id, name]) => ({ value: id, label: name ? `${name} (${id})` : id }));
}
