import { HelperDocuments } from '@/features/help/components/helper-documents';
import { HelpCenter } from '@/features/help/components/help-center';

/** SPEC §2 screens named in the interface texts: Guides, User manual and Help, under the team. */
export const GuidesRoute = () => <HelpCenter kind="guide" />;
export const UserManualRoute = () => <HelpCenter kind="manual" />;
export const HelpRoute = () => <HelpCenter kind="help" />;

/** SPEC §2 /helper-documents (dashboard-no-nav layout). */
export const HelperDocumentsRoute = () => <HelperDocuments />;
