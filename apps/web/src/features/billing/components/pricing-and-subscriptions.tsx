import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Plan, PlanInterval, TeamBilling } from '@murmur/core/api';
import { formatDate } from '@murmur/core/format';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/route-error';
import { useLanguage } from '@/hooks/use-language';
import { errorText, serverMessage } from '@/lib/error-text';
import { planName } from '../utils/plan-name';
import { notify } from '@/lib/notifications';
import { useCancelSubscription, useUpgradeSubscription } from '../api/change-subscription';
import { useCreateCheckout } from '../api/create-checkout';
import { getTeamBillingQueryOptions, useTeamBilling } from '../api/get-team-billing';
import { monthly, planPrice } from '../utils/money';
import { InvoicesTable } from './invoices-table';
import { PlanButton, PlanCards } from './plan-cards';

export interface PricingAndSubscriptionsProps {
  /** Team slug. */
  team: string;
  /** ?billing= on return from checkout: 'success' polls until the webhook has activated the plan. */
  returnState?: 'success' | 'cancel' | undefined;
  /** Told when the subscription changed (the team's own subscription list is refreshed). */
  onChanged?: () => void;
  /** Changes when the team's billing details do (SPEC §6 completeness is asked again). */
  detailsVersion?: string;
  /** Leaves the page for the provider's hosted checkout (tests replace it). */
  redirect?: (url: string) => void;
}

/**
 * Pricing and Subscriptions (SPEC §2 screen names): plans side by side with the current one marked,
 * subscribe through the provider's hosted checkout, upgrade and cancel after a confirmation, and
 * the invoices with their downloads. Buying needs complete billing details (SPEC §6) and a team admin.
 */
export function PricingAndSubscriptions({
  team,
  returnState,
  onChanged,
  detailsVersion,
  redirect = (url) => window.location.assign(url),
}: PricingAndSubscriptionsProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [waitingFor, setWaitingFor] = useState<((b: TeamBilling) => boolean) | null>(() =>
    returnState === 'success' ? (b: TeamBilling) => b.active : null,
  );
  const query = useTeamBilling(team, waitingFor);
  // Kept after the page drops ?billing= (the plan has arrived): the payer still reads the receipt.
  const [paid] = useState(returnState === 'success');
  const [chosenInterval, setInterval] = useState<PlanInterval | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'upgrade'; plan: Plan } | { kind: 'cancel' } | null>(null);
  const checkout = useCreateCheckout();
  const upgrade = useUpgradeSubscription(team);
  const cancel = useCancelSubscription(team);
  const data = query.data;
  const queryClient = useQueryClient();
  const seenVersion = useRef(detailsVersion);
  useEffect(() => {
    if (seenVersion.current === detailsVersion) return;
    seenVersion.current = detailsVersion;
    void queryClient.invalidateQueries({ queryKey: getTeamBillingQueryOptions(team).queryKey });
  }, [detailsVersion, team, queryClient]);
  const waiting = waitingFor !== null && !(data !== undefined && waitingFor(data));

  // The change has arrived: the team's own subscription list (SPEC §3) is refreshed.
  useEffect(() => {
    if (waitingFor !== null && !waiting) onChanged?.();
  }, [waitingFor, waiting, onChanged]);

  if (query.isPending)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={24} w="40%" />
        <Skeleton h={160} />
      </Stack>
    );
  if (query.isError || !data) return <QueryError query={query} />;

  const current = data.subscription;
  // The current plan's interval is shown first, until the user picks the other one.
  const interval = chosenInterval ?? current?.plan.interval ?? 'month';
  const ongoing = current?.active ? current : null;
  const plans = data.plans.filter((p) => p.interval === interval);
  const canBuy = data.can_manage && data.billing_complete;

  const buy = (plan: Plan) =>
    checkout.mutate(
      { team, plan: plan.code },
      { onSuccess: ({ url }) => redirect(url), onError: (error) => notify.error(errorText(error, t)) },
    );

  const action = (plan: Plan) => {
    if (!data.can_manage) return null;
    if (ongoing?.plan.code === plan.code)
      return (
        <PlanButton label={t('billing.currentPlan')} variant="default" disabled onClick={() => undefined} />
      );
    if (ongoing) {
      if (monthly(plan, data.currency) <= monthly(ongoing.plan, data.currency)) return null;
      return (
        <PlanButton
          label={t('billing.upgradeTo', { plan: planName(plan, t) })}
          onClick={() => setConfirm({ kind: 'upgrade', plan })}
        />
      );
    }
    return (
      <PlanButton
        label={t('billing.subscribe')}
        disabled={!canBuy || checkout.isPending}
        loading={checkout.isPending && checkout.variables.plan === plan.code}
        onClick={() => buy(plan)}
      />
    );
  };

  const confirmChange = () => {
    if (!confirm) return;
    const done = {
      onSuccess: ({ detail }: { detail: string }) => {
        notify.success(serverMessage(detail));
        setConfirm(null);
        const before = data.subscription;
        const invoicesBefore = data.invoices.length;
        setWaitingFor(
          () => (b: TeamBilling) =>
            confirm.kind === 'cancel'
              ? b.subscription?.cancel_at_period_end === true
              : b.subscription?.plan.code !== before?.plan.code && b.invoices.length > invoicesBefore,
        );
      },
      onError: (error: unknown) => notify.error(errorText(error, t)),
    };
    if (confirm.kind === 'upgrade') upgrade.mutate(confirm.plan.code, done);
    else cancel.mutate(undefined, done);
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="pricing-title" id="pricing">
      <Stack gap="md">
        <Title order={2} size="h4" id="pricing-title">
          {t('billing.title')}
        </Title>
        {returnState === 'cancel' && <Alert color="gray">{t('billing.returnCancel')}</Alert>}
        {paid && (
          <Alert color="teal" role="status" data-testid="payment-received">
            <Text size="sm" fw={500}>
              {t('paying.billing.paymentReceived')}
            </Text>
            <Text size="sm">
              {data.active && data.subscription
                ? t('paying.billing.planActive', { plan: planName(data.subscription.plan, t) })
                : t('paying.billing.activating')}
            </Text>
          </Alert>
        )}
        {waiting && !paid && (
          <Alert color="blue" role="status">
            {t('billing.processing')}
          </Alert>
        )}
        <CurrentPlan billing={data} language={language} />
        {data.can_manage && !data.billing_complete && !ongoing && (
          <Alert color="yellow" role="note">
            {t('billing.completeDetailsFirst')}
          </Alert>
        )}
        {!data.can_manage && (
          <Text size="sm" c="dimmed">
            {t('billing.adminsOnly')}
          </Text>
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
            {t(data.currency === 'jpy' ? 'billing.pricesInJpy' : 'billing.pricesInEur')}
          </Text>
        </Group>
        <PlanCards plans={plans} currency={data.currency} currentCode={ongoing?.plan.code} action={action} />
        {ongoing && data.can_manage && !ongoing.cancel_at_period_end && (
          <Group>
            <Button variant="subtle" color="red" onClick={() => setConfirm({ kind: 'cancel' })}>
              {t('billing.cancel')}
            </Button>
          </Group>
        )}
        <Title order={3} size="h5">
          {t('billing.invoices.title')}
        </Title>
        <InvoicesTable invoices={data.invoices} />
      </Stack>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={
          confirm?.kind === 'cancel' ? t('billing.confirmCancelTitle') : t('billing.confirmUpgradeTitle')
        }
      >
        <Stack>
          <Text size="sm">
            {confirm?.kind === 'upgrade'
              ? t('billing.confirmUpgrade', {
                  plan: planName(confirm.plan, t),
                  price: planPrice(confirm.plan, data.currency),
                })
              : t('billing.confirmCancel', {
                  date: ongoing?.current_period_end ? formatDate(ongoing.current_period_end, language) : '',
                })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('billing.keep')}
            </Button>
            <Button
              color={confirm?.kind === 'cancel' ? 'red' : undefined}
              loading={upgrade.isPending || cancel.isPending}
              onClick={confirmChange}
            >
              {confirm?.kind === 'cancel'
                ? t('billing.confirmCancelButton')
                : t('billing.confirmUpgradeButton')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function CurrentPlan({ billing, language }: { billing: TeamBilling; language: 'en' | 'ja' }) {
  const { t } = useTranslation();
  const sub = billing.subscription;
  if (!sub)
    return (
      <Group gap="xs" data-testid="billing-status">
        <Badge color="gray" variant="light">
          {t('billing.status.none')}
        </Badge>
        <Text size="sm">{t('billing.noPlanYet')}</Text>
      </Group>
    );
  const end = sub.current_period_end ? formatDate(sub.current_period_end, language) : '';
  return (
    <Stack gap={4} data-testid="billing-status">
      <Group gap="xs">
        <Badge color={sub.active ? 'teal' : 'gray'} variant="light">
          {sub.active ? t('billing.status.active') : t('billing.status.inactive')}
        </Badge>
        <Text fw={600}>{planName(sub.plan, t)}</Text>
        <Text size="sm" c="dimmed">
          {t(sub.plan.interval === 'year' ? 'billing.yearly' : 'billing.monthly')}
        </Text>
      </Group>
      <Text size="sm">
        {!sub.active
          ? t('billing.endedOn', { date: end })
          : sub.cancel_at_period_end
            ? t('billing.endsOn', { date: end })
            : t('billing.renewsOn', { date: end })}
      </Text>
      {/* Shade 9: the theme's teal was 3.94:1 on white (axe color-contrast). */}
      <Text size="sm" c={billing.can_upload.allowed ? 'teal.9' : 'red.9'} data-testid="upload-permission">
        {billing.can_upload.allowed
          ? t('billing.uploadsAllowed')
          : billing.active
            ? billing.can_upload.reason
            : t('billing.uploadNeedsSubscription')}
      </Text>
    </Stack>
  );
}
