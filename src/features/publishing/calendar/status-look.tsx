// How a post's status and platforms look: an icon per status (so the status never rests on colour
// alone), platform icons with their names, and a status badge in Mantine's colours.
import { Badge, Group, VisuallyHidden } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandInstagram,
  IconBrandTiktok,
  IconBrandYoutube,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconCloudUpload,
  IconPencil,
  IconUpload,
  type Icon,
} from '@tabler/icons-react';
import { PLATFORM_LABELS, type PostStatus, type SocialPlatform } from '../../../../contract/publishing';
import { STATUS_COLORS, statusLabel } from './calendar-events';

export const STATUS_ICONS: Record<PostStatus, Icon> = {
  draft: IconPencil,
  scheduled: IconClock,
  publishing: IconUpload,
  published: IconCircleCheck,
  partially_published: IconAlertTriangle,
  failed: IconCircleX,
};

export const PLATFORM_ICONS: Record<SocialPlatform, Icon> = {
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  instagram: IconBrandInstagram,
};

export function StatusBadge({ status }: { status: PostStatus }) {
  const StatusIcon = STATUS_ICONS[status];
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} leftSection={<StatusIcon size={12} aria-hidden />}>
      {statusLabel(status)}
    </Badge>
  );
}

/** "Waiting to be sent": a change of the post (e.g. a new time) is queued on this device. */
export function PendingBadge() {
  return (
    <Badge variant="outline" color="gray" leftSection={<IconCloudUpload size={12} aria-hidden />}>
      Waiting to be sent
    </Badge>
  );
}

/** Platform icons, each named for screen readers (and in a tooltip for pointers). */
export function PlatformIcons({ platforms, size = 14 }: { platforms: readonly SocialPlatform[]; size?: number }) {
  return (
    <>
      {platforms.map((platform) => {
        const PlatformIcon = PLATFORM_ICONS[platform];
        return (
          <span key={platform} className="rf-cal-platform" title={PLATFORM_LABELS[platform]}>
            <PlatformIcon size={size} aria-hidden />
            <VisuallyHidden>{PLATFORM_LABELS[platform]}</VisuallyHidden>
          </span>
        );
      })}
    </>
  );
}

/** Platform icons with visible names (details, agenda). */
export function PlatformNames({ platforms }: { platforms: readonly SocialPlatform[] }) {
  return (
    <Group gap={6} wrap="wrap">
      {platforms.map((platform) => {
        const PlatformIcon = PLATFORM_ICONS[platform];
        return (
          <Group key={platform} gap={4} wrap="nowrap" component="span">
            <PlatformIcon size={16} aria-hidden />
            <span>{PLATFORM_LABELS[platform]}</span>
          </Group>
        );
      })}
    </Group>
  );
}
