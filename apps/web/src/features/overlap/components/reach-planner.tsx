import { Alert, Button, Group, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { cutReachPlan, type AudiencePlan, type OverlapResult } from '@murmur/core/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureView } from '@/components/figure';
import { errorText } from '@/lib/error-text';
import { useSaveReachPlan } from '../api/save-reach-plan';
import { PushPlan } from './push-plan';

export interface ReachPlannerProps {
  result: OverlapResult;
  names: readonly string[];
  /** The team whose granted ad accounts a saved plan can be pushed to; null: none (personal list). */
  team: string | null;
}

/**
 * The reach planner (docs/API-AUDIENCES.md "Reach planner"): the greedy order within a chosen total
 * (at most N audiences, or as few as reach a target), saved as an audience plan, pushed to X.
 */
export function ReachPlanner({ result, names, team }: ReachPlannerProps) {
  const { t } = useTranslation();
  const [maxAudiences, setMaxAudiences] = useState<number | null>(null);
  const [targetReach, setTargetReach] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<AudiencePlan | null>(null);
  const save = useSaveReachPlan();
  const limits = { max_audiences: maxAudiences, target_reach: targetReach };
  const steps = cutReachPlan(result.reach_plan, limits);
  const ids = steps.map((s) => result.audiences[s.audience]!.audience_config_id);
  const changed = () => setSaved(null);
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={t('overlap.plan.maxAudiences')}
          min={1}
          max={result.audiences.length}
          value={maxAudiences ?? ''}
          onChange={(v) => {
            setMaxAudiences(typeof v === 'number' ? v : null);
            changed();
          }}
          placeholder={t('overlap.plan.all')}
          w={180}
        />
        <NumberInput
          label={t('overlap.plan.targetReach')}
          min={1}
          thousandSeparator=","
          value={targetReach ?? ''}
          onChange={(v) => {
            setTargetReach(typeof v === 'number' ? v : null);
            changed();
          }}
          placeholder={t('overlap.plan.noTarget')}
          w={200}
        />
      </Group>
      <Table striped aria-label={t('overlap.plan.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('overlap.audience')}</Table.Th>
            <Table.Th>{t('overlap.plan.incremental')}</Table.Th>
            <Table.Th>{t('overlap.plan.cumulative')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {steps.map((s, k) => (
            <Table.Tr key={s.audience}>
              <Table.Td>{k + 1}</Table.Td>
              <Table.Td>{names[s.audience]}</Table.Td>
              <Table.Td>
                <FigureView figure={s.incremental} />
              </Table.Td>
              <Table.Td>
                <FigureView figure={s.cumulative} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('overlap.plan.summary', { count: steps.length, of: result.audiences.length })}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label={t('overlap.plan.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          w={240}
        />
        <Button
          disabled={name.trim() === '' || steps.length === 0 || ids.some((id) => id === null)}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { name: name.trim(), audience_config_ids: ids as number[], reach: limits },
              { onSuccess: (plan) => setSaved(plan) },
            )
          }
        >
          {t('overlap.plan.save')}
        </Button>
      </Group>
      {save.isError && (
        <Alert color="red" role="alert">
          {errorText(save.error, t)}
        </Alert>
      )}
      {saved && <PushPlan plan={saved} team={team} />}
    </Stack>
  );
}
