import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveReturnPath } from '@/lib/storage';

/** SPEC §6: what signed-out visitors see in place of the data reserved to members. */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    // Default variant and a filled button: the tinted "light" look is under WCAG AA contrast.
    <Alert variant="default" title={t('insights.signInTitle')}>
      {t('insights.signIn')}{' '}
      <Button
        component={Link}
        to="/login"
        size="xs"
        variant="filled"
        ml="sm"
        onClick={() => saveReturnPath(`${window.location.pathname}${window.location.search}`)}
      >
        {t('insights.signInButton')}
      </Button>
    </Alert>
  );
}
