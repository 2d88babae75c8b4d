// Step (d): the art style (the shared picker: a locked style shows the plan that unlocks it and
// cannot be chosen). Below it, the creator's own pictures or clips for the first scenes (optional).
import { Stack } from '@mantine/core';
import type { PlanSummary } from '../../../../contract';
import { ArtStylePicker } from '../../../ui/art-styles/ArtStylePicker';
import { SceneMediaPicker } from './SceneMediaPicker';
import type { StepProps } from './step-props';

interface ArtStyleStepProps extends StepProps {
  plans: PlanSummary[] | undefined;
  isArtStyleAllowed: (style: string) => boolean;
}

export function ArtStyleStep({ state, update, errors, plans, isArtStyleAllowed }: ArtStyleStepProps) {
  return (
    <Stack gap="lg">
      <ArtStylePicker value={state.artStyle} onChange={(artStyle) => update({ artStyle })} error={errors.artStyle} plans={plans} isArtStyleAllowed={isArtStyleAllowed} />
      <SceneMediaPicker items={state.sceneMedia} update={update} />
    </Stack>
  );
}
