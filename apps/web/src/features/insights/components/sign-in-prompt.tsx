import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** SPEC §6: what signed-out visitors see in place of the data reserved to members. */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" title={t('insights.signInTitle')}>
      {t('insights.signIn')}{' '}
      <Button component={Link} to="/login" size="xs" variant="light" ml="sm">
        {t('insights.signInButton')}
      </Button>
    </Alert>
  );
}
