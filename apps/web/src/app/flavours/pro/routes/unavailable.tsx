import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../../../components/not-available';

/** Pro-targeting screens of later versions: an honest page with the way home. */
export const unavailablePage = (title: ParseKeys) =>
  function UnavailableRoute() {
    const { t } = useTranslation();
    return <NotAvailable title={t(title)} backTo="/" backLabel={t('notAvailable.backHome')} />;
  };
