// What every step of the create flow receives: the state, a way to change it, and its field errors.
import type { PlanSummary } from '../../../../contract';
import type { FlowState } from './flow-state';

export interface StepProps {
  state: FlowState;
  update: (patch: Partial<FlowState>) => void;
  errors: Record<string, string>;
  /** The user's plan from the catalogue; undefined before the first pull. */
  plan: PlanSummary | undefined;
}
