import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { useDtStatus } from '../api/get-status';
import { ConnectNotice } from './dt-frame';
import { SignInWithXButton } from './sign-in';

/** / — the paused page: what Deep Thought is, and the way in. */
export function PausedScreen() {
  const { t } = useTranslation();
  usePageTitle('Deep Thought');
  const status = useDtStatus({ signedOutIsAnAnswer: true });
  const signedIn = status.isSuccess;
  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title="Deep Thought" intro={t('deepThought.paused.intro')} />
      <Text>{t('deepThought.paused.body')}</Text>
      <List>
        <List.Item>{t('deepThought.paused.point1')}</List.Item>
        <List.Item>{t('deepThought.paused.point2')}</List.Item>
        <List.Item>{t('deepThought.paused.point3')}</List.Item>
      </List>
      <Group>
        {signedIn && status.data.account ? (
          <Button component={Link} to="/premium-suite">
            {t('deepThought.paused.open')}
          </Button>
        ) : (
          <SignInWithXButton />
        )}
      </Group>
      {signedIn && !status.data.account && <ConnectNotice />}
    </Stack>
  );
}
