import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotAvailable } from '../../../../components/not-available';
import { getRecentTeam } from '../../../../lib/storage';

/** Screens of later versions: an honest page inside the layout, with a way back to team settings. */
export const unavailablePage = (title: ParseKeys) =>
  function UnavailableRoute() {
    const { t } = useTranslation();
    const { teamId } = useParams();
    const team = teamId ?? getRecentTeam();
    return team !== null ? (
      <NotAvailable title={t(title)} backTo={`/${team}/team`} backLabel={t('notAvailable.backToTeam')} />
    ) : (
      <NotAvailable title={t(title)} backTo="/choose-team" backLabel={t('notAvailable.backToTeams')} />
    );
  };
