import { ComingSoonSection } from '../detail/components/coming-soon-section';

/** The evaluation section of the trajectory detail frame (issue 9). Placeholder until it is built. */
export function EvaluationSection() {
  return <ComingSoonSection section="evaluation" />;
}

export default EvaluationSection;
