import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { Team } from '@murmur/core/api';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/avatar';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { errorText } from '@/lib/error-text';
import { getRecentTeam, setRecentTeam } from '@/lib/storage';
import { useTeams } from '../api/get-teams';
import { CreateTeamForm } from './create-team-form';
import classes from './choose-team.module.css';

export interface ChooseTeamProps {
  /** Opens the team once chosen (or created — then at its settings). */
  onOpenTeam: (team: Team, where: 'home' | 'settings') => unknown;
  createOpen: boolean;
  onCreateOpenChange: (open: boolean) => void;
}

/** Choose or switch team: the user's teams; choosing one remembers it as the recent team (SPEC §4). */
export function ChooseTeam({ onOpenTeam, createOpen, onCreateOpenChange }: ChooseTeamProps) {
  const { t } = useTranslation();
  const teams = useTeams();
  const recent = getRecentTeam();
  usePageTitle(t('teams.choose.title'));

  const choose = (team: Team) => {
    setRecentTeam(team.slug);
    void onOpenTeam(team, 'home');
  };

  return (
    <Stack gap="lg" maw={640} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end">
        <PageHeader title={t('teams.choose.title')} intro={t('teams.choose.intro')} />
        <Button variant="light" onClick={() => onCreateOpenChange(true)}>
          {t('teams.create.open')}
        </Button>
      </Group>

      {teams.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {teams.isError && (
        <Alert color="red" role="alert">
          {errorText(teams.error, t)}
          <Button size="xs" variant="subtle" color="red" ml="sm" onClick={() => void teams.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {teams.data?.length === 0 && (
        <Paper withBorder p="lg">
          <Text>{t('teams.choose.empty')}</Text>
        </Paper>
      )}
      {teams.data !== undefined && teams.data.length > 0 && (
        <Stack gap="xs" component="ul" className={classes.list} aria-label={t('teams.choose.listLabel')}>
          {teams.data.map((team) => (
            <li key={team.id}>
              <UnstyledButton className={classes.item} onClick={() => choose(team)}>
                <Group wrap="nowrap">
                  <Avatar name={team.name} />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {team.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('teams.memberCount', { count: team.member_count })}
                    </Text>
                  </Stack>
                  {team.slug === recent && (
                    <Badge variant="light" size="sm">
                      {t('teams.choose.current')}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}

      <Modal opened={createOpen} onClose={() => onCreateOpenChange(false)} title={t('teams.create.title')}>
        <CreateTeamForm
          onCreated={(team) => {
            setRecentTeam(team.slug);
            onCreateOpenChange(false);
            return onOpenTeam(team, 'settings');
          }}
        />
      </Modal>
    </Stack>
  );
}
