import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDate } from '@murmur/core/format';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/hooks/use-language';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notifications';
import { useAnswerShareOffer, useShareOffers } from '../api/share-offers';

/**
 * Lists other accounts want to share with the signed-in user (share via account; docs/SECURITY-REVIEW.md):
 * nothing is added to their lists until they accept; declining drops the offer. Shows nothing when none wait.
 */
export function ShareOffersPanel({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const offers = useShareOffers(enabled);
  const answer = useAnswerShareOffer();
  if (!offers.data || offers.data.length === 0) return null;
  const respond = (id: number, name: string, accept: boolean) =>
    answer.mutate(
      { offer: id, accept },
      {
        onSuccess: () =>
          notify.success(t(accept ? 'proSite.lists.offerAccepted' : 'proSite.lists.offerDeclined', { name })),
      },
    );
  return (
    <Alert color="blue" title={t('proSite.lists.offersTitle', { count: offers.data.length })}>
      <Stack gap="sm">
        <Text size="sm">{t('proSite.lists.offersIntro')}</Text>
        {offers.data.map((offer) => (
          <Group key={offer.id} justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">
              {t('proSite.lists.offer', { from: offer.from, name: offer.name })}{' '}
              <Text span size="xs" c="dimmed">
                {formatDate(offer.created, language)}
              </Text>
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="xs"
                aria-label={t('proSite.lists.acceptOffer', { name: offer.name })}
                loading={answer.isPending && answer.variables.offer === offer.id && answer.variables.accept}
                onClick={() => respond(offer.id, offer.name, true)}
              >
                {t('proSite.lists.accept')}
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={t('proSite.lists.declineOffer', { name: offer.name })}
                loading={answer.isPending && answer.variables.offer === offer.id && !answer.variables.accept}
                onClick={() => respond(offer.id, offer.name, false)}
              >
                {t('proSite.lists.decline')}
              </Button>
            </Group>
          </Group>
        ))}
        {answer.isError && (
          <Text c="red" size="sm" role="alert">
            {errorText(answer.error, t)}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
