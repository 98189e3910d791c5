import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-text';

/** The last failed team change, said in the interface language until the user closes it. */
export function FailureAlert({ failure, onClose }: { failure: unknown; onClose: () => void }) {
  const { t } = useTranslation();
  if (failure === null) return null;
  return (
    <Alert color="red" role="alert" withCloseButton onClose={onClose}>
      {errorText(failure, t)}
    </Alert>
  );
}
