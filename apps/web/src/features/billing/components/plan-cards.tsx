import { Badge, Button, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BillingCurrency, Plan } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { planPrice } from '../utils/money';
import { planName } from '../utils/plan-name';

export interface PlanCardsProps {
  plans: Plan[];
  currency: BillingCurrency;
  /** The plan the team or user is on (highlighted), if any. */
  currentCode?: string | undefined;
  /** The action under each plan; none for signed-out visitors. */
  action?: (plan: Plan) => React.ReactNode;
}

/** Plans side by side: price per interval and what each allows (null: unlimited). */
export function PlanCards({ plans, currency, currentCode, action }: PlanCardsProps) {
  const { t } = useTranslation();
  const limit = (value: number | null, key: 'uploads' | 'saved' | 'seats') =>
    value === null ? t(`billing.limits.${key}Unlimited`) : t(`billing.limits.${key}`, { count: value });
  return (
    <SimpleGrid cols={{ base: 1, sm: Math.min(plans.length, 3) }} spacing="md">
      {plans.map((plan) => {
        const current = plan.code === currentCode;
        return (
          <Card
            key={plan.code}
            withBorder
            radius="md"
            padding="lg"
            data-testid={`plan-${plan.code}`}
            style={current ? { borderColor: 'var(--mantine-color-teal-6)', borderWidth: 2 } : undefined}
          >
            <Stack gap="xs" h="100%">
              <Title order={3} size="h4">
                {planName(plan, t)}
                {current && (
                  <Badge ml="xs" color="teal" variant="light">
                    {t('billing.currentPlan')}
                  </Badge>
                )}
              </Title>
              <Text size="xl" fw={700}>
                {planPrice(plan, currency)}{' '}
                <Text span size="sm" c="dimmed" fw={400}>
                  {t(plan.interval === 'year' ? 'billing.perYear' : 'billing.perMonth')}
                </Text>
              </Text>
              {plan.kind === 'team' ? (
                <List size="sm" spacing={4}>
                  <List.Item>{limit(plan.limits.uploads_per_month, 'uploads')}</List.Item>
                  <List.Item>{limit(plan.limits.saved_audiences, 'saved')}</List.Item>
                  <List.Item>{limit(plan.limits.seats, 'seats')}</List.Item>
                </List>
              ) : (
                <Text size="sm">{t('billing.premium.includes')}</Text>
              )}
              {action && <div style={{ marginTop: 'auto' }}>{action(plan)}</div>}
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export interface IntervalButtonProps {
  label: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  variant?: 'filled' | 'light' | 'default';
}

/** A full-width plan action (subscribe, upgrade). */
export function PlanButton({ label, onClick, loading, disabled, variant = 'filled' }: IntervalButtonProps) {
  return (
    <Button
      fullWidth
      variant={variant}
      onClick={onClick}
      loading={loading ?? false}
      disabled={disabled ?? false}
    >
      {label}
    </Button>
  );
}
