import { useParams } from 'react-router';
import { RequestConfirmation } from '@/features/pro-requests/components/request-confirmation';
import { RequestForm } from '@/features/pro-requests/components/request-form';
import { RequestVerification } from '@/features/pro-requests/components/request-verification';

export function RequestAudienceRoute() {
  return <RequestForm kind="audience" />;
}

export function RequestDownloadRoute() {
  const { title } = useParams();
  return <RequestForm key={title ?? ''} kind="download" title={title} />;
}

export function RequestAccessRoute() {
  return <RequestForm kind="access" />;
}

export function RequestConfirmationRoute() {
  return <RequestConfirmation />;
}

export function RequestVerificationRoute() {
  return <RequestVerification />;
}
