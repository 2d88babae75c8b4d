// Route /faceless-video (spec §2, any signed-in user): ready-made styles that open the create flow
// pre-filled. A user without `can_create_video` still sees them, with the plan that unlocks creating.
import { useNavigate } from '@tanstack/react-router';
import { unlockingPlan, useAuth, usePermissions } from '../../session';
import { usePlanCatalogue } from '../../session/plan-catalogue';
import { PageFrame } from '../../ui/PageFrame';
import { FacelessGallery } from './faceless/FacelessGallery';
import { styleSearch } from './faceless/styles';
import { FACELESS_VIDEO_FRAME } from './frame';

export function FacelessVideoPage() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const { hasPermission, isArtStyleAllowed } = usePermissions();
  const { plans } = usePlanCatalogue();
  const canCreate = hasPermission('can_create_video');
  return (
    <PageFrame {...FACELESS_VIDEO_FRAME}>
      <FacelessGallery
        plans={plans}
        canCreate={canCreate}
        createPlan={canCreate || !user ? null : unlockingPlan(plans, 'can_create_video')}
        isArtStyleAllowed={isArtStyleAllowed}
        onUse={(style) => void navigate({ to: '/create-ai-video', search: styleSearch(style, isArtStyleAllowed(style.artStyle)) })}
      />
    </PageFrame>
  );
}
