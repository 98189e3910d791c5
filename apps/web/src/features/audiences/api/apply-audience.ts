import type { AudienceConfig, AudienceUsage, CheckCustomAudiencesResult } from '@murmur/core/api';
import { MAX_SEGMENTS_PER_APPLICATION, prepareApply } from '@murmur/core/extension';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { getJapaneseAgreement } from '../../../lib/api/japanese-agreement';
import { EXTENSION_PAGE_URL, getExtensionState, sendToExtension } from '../../../lib/extension';
import { notify } from '../../../lib/notifications';
import { request } from '../../../lib/request';

/** POST /api/external/check-custom-audiences/ — which custom audiences X can target already. */
export const checkCustomAudiences = (
  ad_account_id: string,
  custom_audience_names: string[],
): Promise<CheckCustomAudiencesResult> =>
  request.post('/api/external/check-custom-audiences/', { body: { ad_account_id, custom_audience_names } });

/** POST /api/external/audience-usages/ — SPEC §4: applying records usage state "applied". */
export const recordUsage = (
  audience: AudienceConfig,
  adAccountId: string,
  countries: string[],
  team: string | null,
): Promise<AudienceUsage> =>
  request.post('/api/external/audience-usages/', {
    body: {
      ad_account_id: adAccountId,
      state: 'applied',
      audience_config_id: audience.id,
      targeting_package: audience.targeting_package,
      countries,
      ...(team !== null && { team }),
    },
  });

/**
 * Applying a saved audience through the X Pro Targeting extension, with every rule of SPEC §5, §8
 * and §9: the extension must be there (else the alert, then its page); an empty package is refused;
 * only the first 100 handles (alert); countries under 50; custom audiences checked first, and if
 * some are not ready the 48-hour confirm (Cancel aborts; a failed check is ignored); the usage is
 * recorded once the extension has the package.
 */
export function useApplyAudience(team: string | null) {
  const { t } = useTranslation();
  return async (audience: AudienceConfig): Promise<boolean> => {
    const extension = getExtensionState();
    if (!extension.detected) {
      window.alert(t('xAds.apply.missing'));
      window.open(EXTENSION_PAGE_URL, '_blank', 'noopener');
      return false;
    }
    const prepared = prepareApply(audience.name, audience.targeting_package, audience.category?.name);
    if (prepared.empty) {
      notify.error(t('xAds.apply.empty'));
      return false;
    }
    const adAccountId = extension.account?.id;
    if (!adAccountId) {
      notify.error(t('xAds.apply.noAdAccount'));
      return false;
    }
    if (team !== null) {
      // SPEC §1, §9: Japanese advertisers accept the agreement first; at most 3 segments per application.
      const agreement = await getJapaneseAgreement(team).catch(() => null);
      if (agreement?.required === true && !agreement.accepted) {
        notify.error(t('xAds.apply.acceptFirst'));
        return false;
      }
      if (
        agreement?.required === true &&
        prepared.payload.custom_audiences.length > MAX_SEGMENTS_PER_APPLICATION
      ) {
        notify.error(t('xAds.apply.tooManySegments'));
        return false;
      }
    }
    if (prepared.tooManyHandles) window.alert(t('xAds.apply.tooManyHandles'));
    let payload = prepared.payload;
    if (payload.custom_audiences.length > 0) {
      let notReady: string[] = [];
      try {
        const checked = await checkCustomAudiences(adAccountId, payload.custom_audiences);
        notReady = checked.custom_audiences.filter((a) => !a.targetable).map((a) => a.name);
      } catch {
        // SPEC §8: a failed check is ignored silently.
      }
      if (notReady.length > 0) {
        if (!window.confirm(t('xAds.apply.notReady'))) return false;
        // "…are not ready and will not be applied": the rest of the package is.
        payload = {
          ...payload,
          custom_audiences: payload.custom_audiences.filter((n) => !notReady.includes(n)),
        };
      }
    }
    sendToExtension(payload);
    try {
      await recordUsage(audience, adAccountId, prepared.countries, team);
      notify.success(t('xAds.apply.sent', { account: extension.account?.name ?? adAccountId }));
    } catch (failure) {
      notify.error(errorText(failure, t));
    }
    return true;
  };
}
