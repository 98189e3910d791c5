import type {
  AudienceConfig,
  AudienceUsage,
  CheckCustomAudiences,
  CheckCustomAudiencesResult,
  CreateAudienceUsage,
} from '@murmur/core/api';
import {
  EXTENSION_PROTOCOL,
  MAX_SEGMENTS_PER_APPLICATION,
  prepareApply,
  type ApplyPayload,
} from '@murmur/core/extension';
import { ApiError } from '@murmur/core/errors';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';
import { getJapaneseAgreement } from '@/lib/api/japanese-agreement';
import { askExtension, EXTENSION_PAGE_URL, getExtensionState, sendToExtension } from '@/lib/extension';
import { networkError } from '@/lib/network-error';
import { notify } from '@/lib/notifications';
import { request } from '@/lib/request';

/** POST /api/external/check-custom-audiences/ — which custom audiences X can target already. */
export const checkCustomAudiences = (
  ad_account_id: string,
  custom_audience_names: string[],
): Promise<CheckCustomAudiencesResult> =>
  request.post('/api/external/check-custom-audiences/', { body: { ad_account_id, custom_audience_names } });

/** The usage an application records (SPEC §4: state "applied"). */
const usageOf = (
  audience: AudienceConfig,
  adAccountId: string,
  countries: string[],
  team: string | null,
): CreateAudienceUsage => ({
  ad_account_id: adAccountId,
  state: 'applied',
  audience_config_id: audience.id,
  targeting_package: audience.targeting_package,
  countries,
  ...(team !== null && { team }),
});

/** POST /api/external/audience-usages/ with the page's session (an extension of protocol 1). */
export const recordUsage = (usage: CreateAudienceUsage): Promise<AudienceUsage> =>
  request.post('/api/external/audience-usages/', { body: usage });

/**
 * The calls of one application: an extension of protocol 2 makes them itself with the extension
 * token the page hands it first (POST /api/user/extension-token/); with an older extension the page
 * makes them with its own session (docs/API.md "Authentication").
 */
interface ApplyCalls {
  /** Which custom audiences X can target; throws when the check failed. */
  check(body: Required<CheckCustomAudiences>): Promise<CheckCustomAudiencesResult>;
  /** Hands the package over and records the usage; throws what the record failed with. */
  applyAndRecord(payload: ApplyPayload, usage: CreateAudienceUsage): Promise<void>;
}

const pageCalls: ApplyCalls = {
  check: (body) => checkCustomAudiences(body.ad_account_id, body.custom_audience_names),
  async applyAndRecord(payload, usage) {
    sendToExtension(payload);
    await recordUsage(usage);
  },
};

/** A failed call as the request helper reports one; status 0 (none made, no answer) as a network error. */
const failure = (status: number, body: unknown) =>
  status === 0 ? networkError() : new ApiError(status, body);

async function extensionCalls(): Promise<ApplyCalls> {
  const { token } = await request.post('/api/user/extension-token/');
  const kept = await askExtension({ type: 'token', token });
  if (kept.status !== 204) throw failure(kept.status, kept.body);
  return {
    async check(body) {
      const answer = await askExtension({ type: 'check', body });
      if (answer.status !== 200) throw failure(answer.status, answer.body);
      return answer.body as CheckCustomAudiencesResult;
    },
    async applyAndRecord(payload, usage) {
      const answer = await askExtension({ type: 'apply-and-record', payload, usage });
      if (answer.status !== 201) throw failure(answer.status, answer.body);
    },
  };
}

/**
 * Applying a saved audience through the X Pro Targeting extension, with every rule of SPEC §5, §8
 * and §9: the extension must be there (else the alert, then its page); an empty package is refused;
 * only the first 100 handles (alert); countries under 50; custom audiences checked first, and if
 * some are not ready the 48-hour confirm (Cancel aborts; a failed check is ignored, a refusal such
 * as no access to the ad account stops the apply); the usage is
 * recorded once the extension has the package. An extension of protocol 2 makes the check and the
 * record itself with the extension token (`extensionCalls`).
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
    let calls = pageCalls;
    if (extension.protocol >= EXTENSION_PROTOCOL) {
      try {
        calls = await extensionCalls();
      } catch (failed) {
        notify.error(errorText(failed, t));
        return false;
      }
    }
    if (prepared.tooManyHandles) window.alert(t('xAds.apply.tooManyHandles'));
    let payload = prepared.payload;
    if (payload.custom_audiences.length > 0) {
      let notReady: string[] = [];
      try {
        const checked = await calls.check({
          ad_account_id: adAccountId,
          custom_audience_names: payload.custom_audiences,
        });
        notReady = checked.custom_audiences.filter((a) => !a.targetable).map((a) => a.name);
      } catch (failed) {
        // SPEC §8 ignores a *failed* check (no answer, a server error); an answer that refuses —
        // the user cannot reach the ad account on X (400) or may not ask (4xx) — stops the apply.
        if (failed instanceof ApiError && failed.status >= 400 && failed.status < 500) {
          notify.error(
            failed.status === 400
              ? t('xAds.apply.noAccess', { account: extension.account?.name ?? adAccountId })
              : errorText(failed, t),
          );
          return false;
        }
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
    try {
      await calls.applyAndRecord(payload, usageOf(audience, adAccountId, prepared.countries, team));
      notify.success(t('xAds.apply.sent', { account: extension.account?.name ?? adAccountId }));
    } catch (failure) {
      notify.error(errorText(failure, t));
    }
    return true;
  };
}
