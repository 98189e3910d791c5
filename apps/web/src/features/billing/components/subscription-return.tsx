import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { QueryError } from '@/components/route-error';
import { useMe } from '@/lib/api/get-me';
import { usePremiumSubscription } from '../api/premium-subscription';
import { planName } from '../utils/plan-name';

export interface SubscriptionReturnProps {
  outcome: 'success' | 'cancel';
}

/** How often the success page asks whether the provider's webhook has activated Premium. */
const POLL_MS = 1000;

/**
 * SPEC §2 /create-subscription/success and /cancel: where the hosted checkout sends the user back.
 * Success waits for the webhook to make the subscription active (the page alone proves nothing);
 * cancel says nothing was charged.
 */
export function SubscriptionReturn({ outcome }: SubscriptionReturnProps) {
  const { t } = useTranslation();
  usePageTitle(t(outcome === 'success' ? 'billing.return.successTitle' : 'billing.return.cancelTitle'));
  const me = useMe();
  const signedIn = Boolean(me.data);
  const waiting = outcome === 'success' && signedIn;
  const info = usePremiumSubscription(waiting, POLL_MS);
  const active = info.data?.active === true;
  const stillPolling = waiting && !active;

  return (
    <Stack gap="md" maw={640} mx="auto" p="md">
      <Title order={1}>
        {t(outcome === 'success' ? 'billing.return.successTitle' : 'billing.return.cancelTitle')}
      </Title>
      {outcome === 'cancel' && <Text>{t('billing.return.cancelText')}</Text>}
      {outcome === 'success' && (
        <Alert color="teal" role="status" data-testid="payment-received">
          {t('paying.billing.paymentReceived')}
        </Alert>
      )}
      {outcome === 'success' && !me.isPending && !signedIn && (
        <Alert color="blue">{t('billing.premium.signInText')}</Alert>
      )}
      {outcome === 'success' && info.isError && <QueryError query={info} />}
      {stillPolling && !info.isError && (
        <Alert color="blue" role="status" icon={<Loader size="xs" aria-hidden="true" />}>
          {t('paying.billing.activating')}
        </Alert>
      )}
      {outcome === 'success' && active && (
        <Alert color="teal" role="status" data-testid="premium-active">
          {t('billing.return.active', {
            plan: info.data?.subscription ? planName(info.data.subscription.plan, t) : '',
          })}
        </Alert>
      )}
      <div>
        <Button component={Link} to={active ? '/premium-suite' : '/premium'}>
          {t(active ? 'billing.return.toSuite' : 'billing.return.toPremium')}
        </Button>
      </div>
    </Stack>
  );
}
