import { QueryProvider } from '../../../lib/query';
import { LicenceDialog } from './licence-dialog';
import { OrganisationPicker } from './organisation-picker';

// The sign-in steps after the form, loaded when reached, with TanStack Query (lib/query.tsx).

export function LicenceStage() {
  return (
    <QueryProvider>
      <LicenceDialog />
    </QueryProvider>
  );
}

export function OrganisationStage() {
  return (
    <QueryProvider>
      <OrganisationPicker />
    </QueryProvider>
  );
}
