import { ComingSoonSection } from '../detail/components/coming-soon-section';

/** The dashboard section of the trajectory detail frame (issue 9). Placeholder until it is built. */
export function DashboardSection() {
  return <ComingSoonSection section="dashboard" />;
}

export default DashboardSection;
