import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { BillingCurrency, Plan, PlanInterval } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { useMe } from '@/lib/api/get-me';
import { errorText, fieldError, serverMessage } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { usePlans } from '../api/get-plans';
import { planName } from '../utils/plan-name';
import {
  useCancelPremiumSubscription,
  useCreatePremiumSubscription,
  usePatchPremiumSubscription,
  usePremiumSubscription,
} from '../api/premium-subscription';
import { useApplyReferral, useReferral } from '../api/referral';
import { InvoicesTable } from './invoices-table';
import { PlanButton, PlanCards } from './plan-cards';

export interface PremiumPageProps {
  /** A referral code from the shared link (?ref=). */
  referralCode?: string | undefined;
  redirect?: (url: string) => void;
}

/**
 * SPEC §2 /premium: the premium suite's plan and prices. Signed-out visitors see the prices and a
 * sign-in prompt; signed-in users subscribe through the hosted checkout, turn renewal off or cancel
 * (after a confirmation), download invoices and share or apply a referral code.
 */
export function PremiumPage({
  referralCode,
  redirect = (url) => window.location.assign(url),
}: PremiumPageProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('billing.premium.title'));
  const me = useMe();
  const signedIn = Boolean(me.data);
  const plans = usePlans();
  const info = usePremiumSubscription(signedIn);
  const [interval, setInterval] = useState<PlanInterval>('month');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const create = useCreatePremiumSubscription();
  const patch = usePatchPremiumSubscription();
  const cancel = useCancelPremiumSubscription();

  const currency: BillingCurrency = info.data?.currency ?? (language === 'ja' ? 'jpy' : 'eur');
  const premiumPlans = (plans.data?.plans ?? []).filter(
    (p) => p.kind === 'premium' && p.interval === interval,
  );
  const sub = info.data?.subscription;
  const active = sub?.active ? sub : null;

  const action = (plan: Plan) => {
    if (!signedIn) return null;
    if (active?.plan.code === plan.code)
      return (
        <PlanButton label={t('billing.currentPlan')} variant="default" disabled onClick={() => undefined} />
      );
    if (active) return null;
    return (
      <PlanButton
        label={t('billing.subscribe')}
        loading={create.isPending && create.variables.plan === plan.code}
        disabled={create.isPending}
        onClick={() =>
          create.mutate(
            { plan: plan.code, currency },
            { onSuccess: ({ url }) => redirect(url), onError: (e) => notify.error(errorText(e, t)) },
          )
        }
      />
    );
  };

  return (
    <Stack gap="lg" maw={960} mx="auto" p="md">
      <Stack gap={4}>
        <Title order={1}>{t('billing.premium.title')}</Title>
        <Text c="dimmed">{t('billing.premium.intro')}</Text>
      </Stack>
      {!me.isPending && !signedIn && (
        <Alert color="blue" title={t('billing.premium.signInTitle')}>
          <Group justify="space-between">
            <Text size="sm">{t('billing.premium.signInText')}</Text>
            <Button component={Link} to="/authenticated">
              {t('billing.premium.signIn')}
            </Button>
          </Group>
        </Alert>
      )}
      {signedIn && info.isError && <QueryError query={info} />}
      {active && (
        <Paper withBorder p="md" radius="md" data-testid="premium-status">
          <Stack gap="xs">
            <Group gap="xs">
              <Badge color="teal" variant="light">
                {t('billing.status.active')}
              </Badge>
              <Text fw={600}>{planName(active.plan, t)}</Text>
            </Group>
            <Text size="sm">
              {t(active.cancel_at_period_end ? 'billing.endsOn' : 'billing.renewsOn', {
                date: active.current_period_end ? formatDate(active.current_period_end, language) : '',
              })}
            </Text>
            <Group>
              <Switch
                label={t('billing.premium.autoRenew')}
                checked={!active.cancel_at_period_end}
                disabled={patch.isPending}
                onChange={(e) =>
                  patch.mutate(
                    { auto_renew: e.currentTarget.checked },
                    { onError: (err) => notify.error(errorText(err, t)) },
                  )
                }
              />
              {!active.cancel_at_period_end && (
                <Button variant="subtle" color="red" onClick={() => setConfirmCancel(true)}>
                  {t('billing.cancel')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      <Group justify="space-between">
        <SegmentedControl
          value={interval}
          onChange={(v) => setInterval(v === 'year' ? 'year' : 'month')}
          data={[
            { value: 'month', label: t('billing.monthly') },
            { value: 'year', label: t('billing.yearly') },
          ]}
          aria-label={t('billing.interval')}
        />
        <Text size="sm" c="dimmed">
          {t(currency === 'jpy' ? 'billing.pricesInJpy' : 'billing.pricesInEur')}
        </Text>
      </Group>
      {plans.isPending ? (
        <Skeleton h={160} />
      ) : plans.isError ? (
        <QueryError query={plans} />
      ) : (
        <PlanCards plans={premiumPlans} currency={currency} currentCode={active?.plan.code} action={action} />
      )}
      {signedIn && <ReferralSection initialCode={referralCode} />}
      {signedIn && info.data && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('billing.invoices.title')}
          </Title>
          <InvoicesTable invoices={info.data.invoices} />
        </Stack>
      )}
      <Modal
        opened={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title={t('billing.confirmCancelTitle')}
      >
        <Stack>
          <Text size="sm">
            {t('billing.confirmCancel', {
              date: active?.current_period_end ? formatDate(active.current_period_end, language) : '',
            })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmCancel(false)}>
              {t('billing.keep')}
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: ({ detail }) => {
                    notify.success(serverMessage(detail));
                    setConfirmCancel(false);
                  },
                  onError: (e) => notify.error(errorText(e, t)),
                })
              }
            >
              {t('billing.confirmCancelButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ReferralSection({ initialCode }: { initialCode?: string | undefined }) {
  const { t } = useTranslation();
  const referral = useReferral(true);
  const apply = useApplyReferral();
  const [code, setCode] = useState(initialCode ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply.mutate(
      { code },
      {
        onSuccess: () => notify.success(t('billing.referral.applied')),
        onError: (e) => {
          if (!fieldError(e, 'code')) notify.error(errorText(e, t));
        },
      },
    );
  };
  if (referral.isPending) return <Skeleton h={80} />;
  if (referral.isError) return <QueryError query={referral} />;
  const data = referral.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="referral-title">
      <Stack gap="xs">
        <Title order={2} size="h4" id="referral-title">
          {t('billing.referral.title')}
        </Title>
        <Text size="sm">{t('billing.referral.explain')}</Text>
        <Text size="sm">
          {t('billing.referral.yourCode')} <Code data-testid="referral-code">{data.code}</Code>{' '}
          <Anchor href={data.url} size="sm">
            {t('billing.referral.link')}
          </Anchor>
        </Text>
        <Text size="sm" c="dimmed">
          {t('billing.referral.stats', { referred: data.referred, credited: data.credited })}
        </Text>
        {data.referred_by ? (
          <Text size="sm">{t('billing.referral.usedCode', { code: data.referred_by })}</Text>
        ) : (
          <form onSubmit={submit}>
            <Group align="flex-end">
              <TextInput
                label={t('billing.referral.applyLabel')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={fieldError(apply.error, 'code')}
                maxLength={12}
              />
              <Button type="submit" variant="light" loading={apply.isPending} disabled={code.trim() === ''}>
                {t('billing.referral.apply')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
