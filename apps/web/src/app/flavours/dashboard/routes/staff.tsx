import { StaffGroups } from '@/features/staff/components/staff-groups';

export function StaffRoute() {
  return <StaffGroups />;
}
