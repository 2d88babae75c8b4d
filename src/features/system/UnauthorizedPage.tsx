import { IconLock } from '@tabler/icons-react';
import { MainLandmark } from '../../ui/Landmarks';
import { ButtonLink } from '../../ui/links';
import { MessageScreen } from '../../ui/MessageScreen';

/** /unauthorized, open to everyone (spec §2). */
export function UnauthorizedPage() {
  return (
    <MainLandmark>
      <MessageScreen
        icon={IconLock}
        minHeight="100dvh"
        titleSize={26}
        title="This page is not available to you"
        text="Your account or plan does not give access to what you tried to open. If you think it should, check your plan or sign in with another account."
        action={<ButtonLink to="/">Go to home</ButtonLink>}
      />
    </MainLandmark>
  );
}
