import { Alert, Button, Paper, Rating, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader, usePageTitle } from '@/components/page-title';
import { errorText } from '@/lib/error-text';
import { useSendFeedback } from '../api/request-feedback';

/**
 * SPEC §2 /request-confirmation: after sending, "check your inbox"; from the answer mail's link
 * (?token=), the requester rates the answer.
 */
export function RequestConfirmation() {
  const { t } = useTranslation();
  usePageTitle(t('screens.requestConfirmation'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const feedback = useSendFeedback();
  if (token !== null) {
    return (
      <Stack gap="lg" maw={640}>
        <PageHeader title={t('proSite.requests.feedbackTitle')} intro={t('proSite.requests.feedbackIntro')} />
        {feedback.isSuccess ? (
          <Alert color="teal">{t('proSite.requests.feedbackThanks')}</Alert>
        ) : (
          <Paper withBorder p="lg">
            <Stack gap="sm">
              <Rating
                value={rating}
                onChange={setRating}
                size="lg"
                role="radiogroup"
                aria-label={t('proSite.requests.rating')}
              />
              <Textarea
                label={t('proSite.requests.comment')}
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={2000}
                autosize
                minRows={3}
              />
              {feedback.isError && (
                <Alert color="red" role="alert">
                  {errorText(feedback.error, t)}
                </Alert>
              )}
              <Button
                w="fit-content"
                disabled={rating === 0}
                loading={feedback.isPending}
                onClick={() => feedback.mutate({ token, rating, comment })}
              >
                {t('proSite.requests.sendFeedback')}
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={640}>
      <PageHeader title={t('screens.requestConfirmation')} intro={t('proSite.requests.confirmationIntro')} />
      <Alert color="teal" title={t('proSite.requests.checkInbox')}>
        <Text size="sm">
          {email === null ? t('proSite.requests.sentNoEmail') : t('proSite.requests.sentTo', { email })}
        </Text>
      </Alert>
      <Button component={Link} to="/" variant="default" w="fit-content">
        {t('notAvailable.backHome')}
      </Button>
    </Stack>
  );
}
