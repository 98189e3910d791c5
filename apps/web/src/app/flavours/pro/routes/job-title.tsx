import { JobTitles } from '@/features/pro-marketing/components/job-titles';

export function JobTitleRoute() {
  return <JobTitles />;
}
