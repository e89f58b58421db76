import { ComingSoonSection } from '../detail/components/coming-soon-section';

/** The reports section of the trajectory detail frame (issue 9). Placeholder until it is built. */
export function ReportsSection() {
  return <ComingSoonSection section="reports" />;
}

export default ReportsSection;
