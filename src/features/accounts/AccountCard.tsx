// One connected account: avatar (initials when there is no picture or it does not load), name,
// handle, platform, "Sandbox", token health with its reason, the posts waiting for a reconnect,
// and the actions. "Reconnect" is the main action of an account that needs it; a refused
// disconnect shows its reason with Retry / Discard.
import { Avatar, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected, IconPlugConnectedX } from '@tabler/icons-react';
import { CardDangerButton } from '../../ui/CardDangerButton';
import { useId } from 'react';
import type { LocalAccount } from '../../store';
import { RefusedChangeAlert } from '../../ui/RefusedChangeAlert';
import { blockedText, HEALTH_COLORS, HEALTH_LABELS, initials, platformLabel } from './format';

export interface AccountCardProps {
  account: LocalAccount;
  /** Why Reconnect is off (offline), or null. */
  reconnectBlocked: string | null;
  reconnecting: boolean;
  onReconnect: () => void;
  onDisconnect: () => void;
}

export function AccountCard({ account, reconnectBlocked, reconnecting, onReconnect, onDisconnect }: AccountCardProps) {
  const nameId = useId();
  const needsReconnect = account.health === 'reconnect';
  const waiting = blockedText(account.blocked_targets);
  const refused = account.syncStatus === 'failed';
  return (
    <Card component="article" aria-labelledby={nameId} withBorder padding="sm" radius="md">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Avatar src={account.avatar_url} alt="" radius="xl" size="md" color="initials" name={account.name}>
            <span aria-hidden>{initials(account.name)}</span>
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={3} fz="md" id={nameId} style={{ overflowWrap: 'anywhere' }}>
              {account.name}
            </Title>
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {platformLabel(account.platform)}
              {account.handle ? ` · ${account.handle}` : ''}
            </Text>
            <Group gap={4}>
              <Badge color={HEALTH_COLORS[account.health]} variant="light" tt="none">
                {HEALTH_LABELS[account.health]}
              </Badge>
              {account.sandbox ? (
                <Badge color="grape" variant="light" tt="none">
                  Sandbox
                </Badge>
              ) : null}
              {refused ? (
                <Badge color="red" variant="outline" tt="none">
                  Not disconnected
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>

        {account.health !== 'ok' && account.health_reason ? (
          <Text fz="sm" c={needsReconnect ? 'red' : undefined} role="note">
            {account.health_reason}
          </Text>
        ) : null}
        {waiting ? (
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-orange-7)" />
            <Text fz="sm" fw={500}>
              {waiting}
              {needsReconnect ? ': they go out once you reconnect.' : '.'}
            </Text>
          </Group>
        ) : null}

        {refused ? <RefusedChangeAlert outboxId={account.failedOutboxId} reason={account.syncError} title="The server refused to disconnect this account" /> : null}

        <Group gap="xs">
          <Button
            size="xs"
            variant={needsReconnect ? 'filled' : 'default'}
            color={needsReconnect ? 'red' : undefined}
            leftSection={<IconPlugConnected size={14} aria-hidden />}
            disabled={reconnectBlocked !== null}
            title={reconnectBlocked ?? undefined}
            loading={reconnecting}
            onClick={onReconnect}
            aria-label={`Reconnect ${account.name}`}
          >
            Reconnect
          </Button>
          {refused ? null : (
            <CardDangerButton icon={<IconPlugConnectedX size={14} aria-hidden />} onClick={onDisconnect} label={`Disconnect ${account.name}`}>
              Disconnect
            </CardDangerButton>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
