import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../../components/not-available';

/** Premium screens of later versions: an honest page with the way to the suite's dashboard. */
export const unavailablePage = (title: ParseKeys) =>
  function UnavailableRoute() {
    const { t } = useTranslation();
    return (
      <NotAvailable title={t(title)} backTo="/premium-suite" backLabel={t('notAvailable.backToSuite')} />
    );
  };
