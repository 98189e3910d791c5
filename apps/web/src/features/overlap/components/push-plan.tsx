import { Alert, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { AudiencePlan, PushedReachPlan } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamAccounts } from '@/lib/api/get-team-accounts';
import { errorText } from '@/lib/error-text';
import { usePushReachPlan } from '../api/push-reach-plan';

export interface PushPlanProps {
  plan: AudiencePlan;
  /** The team whose granted ad accounts receive it; null on the personal list (nothing to push to). */
  team: string | null;
}

/** A saved reach plan to X: one custom audience (the union) or one per step without the earlier. */
export function PushPlan({ plan, team }: PushPlanProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'union' | 'sequential'>('union');
  const [account, setAccount] = useState<string | null>(null);
  const [pushed, setPushed] = useState<PushedReachPlan | null>(null);
  const push = usePushReachPlan();
  const accounts = useTeamAccounts(team);
  const accountIds = [
    ...new Set(
      (accounts.data ?? []).filter((g) => g.account.network === 'twitter').map((g) => g.account.account_id),
    ),
  ];
  const chosen = account ?? accountIds[0] ?? null;
  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {t('overlap.plan.saved', { name: plan.name })}
      </Text>
      {team === null ? (
        <Text size="sm" c="dimmed">
          {t('overlap.push.needsTeam')}
        </Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label={t('overlap.push.mode')}
            value={mode}
            onChange={(v) => setMode(v === 'sequential' ? 'sequential' : 'union')}
            data={[
              { value: 'union', label: t('overlap.push.union') },
              { value: 'sequential', label: t('overlap.push.sequential') },
            ]}
          />
          <Select
            label={t('overlap.push.account')}
            data={accountIds}
            value={chosen}
            onChange={setAccount}
            w={200}
          />
          <Button
            disabled={chosen === null}
            loading={push.isPending}
            onClick={() =>
              chosen !== null &&
              push.mutate(
                { planId: plan.id, team, account_id: chosen, mode },
                { onSuccess: (r) => setPushed(r) },
              )
            }
          >
            {t('overlap.push.start')}
          </Button>
        </Group>
      )}
      {push.isError && (
        <Alert color="red" role="alert">
          {errorText(push.error, t)}
        </Alert>
      )}
      {pushed && (
        <Text size="sm" role="status">
          {t('overlap.push.done', {
            count: pushed.custom_audiences.length,
            names: pushed.custom_audiences.map((c) => c.name).join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
}
