// One card per platform, marked "Sandbox" when the server runs its built-in stand-in. Connect is
// off, with the reason in words next to it, while offline, at the plan's limit, while an address
// is fetched, or when the server has not set the platform up.
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconBrandInstagram, IconBrandTiktok, IconBrandYoutube, IconPlugConnected } from '@tabler/icons-react';
import { useId, type ComponentType } from 'react';
import { PLATFORM_LABELS, SOCIAL_PLATFORMS, type SocialPlatform } from '../../../contract/publishing';

const ICONS: Record<SocialPlatform, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  youtube: IconBrandYoutube,
  tiktok: IconBrandTiktok,
  instagram: IconBrandInstagram,
};

const ABOUT: Record<SocialPlatform, string> = {
  youtube: 'Upload your videos as YouTube Shorts, now or at the time you choose.',
  tiktok: 'Post your videos to TikTok.',
  instagram: 'Share your videos as Instagram Reels.',
};

// Two lines on a phone at most: the screen's introduction stays its largest text (its first paint).
export const SANDBOX_NOTE = 'Uses a built-in sandbox until this server has an app for this platform. Nothing is posted for real.';

export const NOT_SET_UP = 'Not set up on this server. Ask its administrator to add the app credentials.';

export interface PlatformCardsProps {
  /** Platforms known to run on the sandbox (the server, a connect answer or an account said so). */
  sandbox: Partial<Record<SocialPlatform, boolean>>;
  /** Platforms the server has neither credentials nor a sandbox for. */
  notSetUp: readonly SocialPlatform[];
  busy: SocialPlatform | null;
  waiting: SocialPlatform | null;
  /** Why connecting is off for every platform (offline, plan limit), or null. */
  blockedReason: string | null;
  onConnect: (platform: SocialPlatform) => void;
}

export function PlatformCards(props: PlatformCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {SOCIAL_PLATFORMS.map((platform) => (
        <PlatformCard key={platform} platform={platform} {...props} />
      ))}
    </SimpleGrid>
  );
}

function PlatformCard({ platform, sandbox, notSetUp, busy, waiting, blockedReason, onConnect }: PlatformCardsProps & { platform: SocialPlatform }) {
  const titleId = useId();
  const reasonId = useId();
  const Icon = ICONS[platform];
  const label = PLATFORM_LABELS[platform];
  const isSandbox = sandbox[platform] === true;
  const reason = notSetUp.includes(platform) ? NOT_SET_UP : blockedReason;
  return (
    <Card component="article" aria-labelledby={titleId} withBorder padding="md" radius="md">
      <Stack gap="sm" h="100%">
        <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
          <Group gap="xs" wrap="nowrap">
            <Icon size={26} aria-hidden />
            <Title order={3} fz="md" id={titleId}>
              {label}
            </Title>
          </Group>
          {isSandbox ? (
            <Badge color="grape" variant="light" tt="none">
              Sandbox
            </Badge>
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed">
          {ABOUT[platform]}
        </Text>
        {isSandbox ? <Text fz="sm">{SANDBOX_NOTE}</Text> : null}
        {waiting === platform ? (
          <Text fz="sm" fw={500}>
            Finish in the window that opened.
          </Text>
        ) : null}
        <Stack gap={4} mt="auto">
          <Button
            leftSection={<IconPlugConnected size={16} aria-hidden />}
            disabled={reason !== null}
            loading={busy === platform}
            onClick={() => onConnect(platform)}
            aria-describedby={reason ? reasonId : undefined}
          >
            {/* The card's badge shows "Sandbox"; said again only to screen readers, because three
                cards side by side on a laptop cut "Connect Instagram (Sandbox)" short. */}
            Connect {label}
            {isSandbox ? <VisuallyHidden> (Sandbox)</VisuallyHidden> : null}
          </Button>
          {reason ? (
            <Text fz="xs" c="dimmed" id={reasonId}>
              {reason}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}
