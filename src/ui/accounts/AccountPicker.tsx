// "Where to?": the connected accounts as checkbox cards (platform, Sandbox label, a warning when an
// account must be reconnected: its post waits, blocked, until then). The feature hands in the
// accounts (db.accounts through the accounts feature's data): a post's compose form and a series.
import { Alert, Avatar, Badge, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { PLATFORM_LABELS, type SocialAccount } from '../../../contract/publishing';
import { AnchorLink } from '../links';
import { ListLoading } from '../ListStates';
import { EmptyPicker } from '../EmptyPicker';

export interface AccountPickerProps {
  id: string;
  accounts: SocialAccount[] | undefined;
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export function AccountPicker({ id, accounts, value, onChange, error }: AccountPickerProps) {
  if (!accounts) return <ListLoading label="Loading your accounts..." live={false} />;
  if (accounts.length === 0) {
    return (
      <EmptyPicker id={id} label="Accounts" error={error}>
        No accounts connected yet. <AnchorLink to="/connect">Connect an account</AnchorLink> to publish to it.
      </EmptyPicker>
    );
  }
  const needsReconnect = accounts.filter((account) => account.health === 'reconnect');
  return (
    <Stack gap="xs">
      <Checkbox.Group id={id} label="Accounts" description="Post to one or more of your connected accounts" value={value} onChange={onChange} error={error}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
          {accounts.map((account) => {
            const reconnect = account.health === 'reconnect';
            return (
              <Checkbox.Card key={account.id} value={account.id} p="sm" radius="md" aria-label={`${account.name}, ${PLATFORM_LABELS[account.platform]}${account.sandbox ? ', Sandbox' : ''}${reconnect ? ', needs reconnecting' : ''}`}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <Checkbox.Indicator mt={4} />
                  <Avatar src={account.avatar_url} alt="" radius="xl" size={36}>
                    {initials(account.name)}
                  </Avatar>
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {account.name}
                    </Text>
                    <Group gap={4}>
                      <Badge size="xs" variant="light">
                        {PLATFORM_LABELS[account.platform]}
                      </Badge>
                      {account.sandbox ? (
                        // Light, as on the connect screen: the theme gives light badges' text 4.5:1; outline grape is 4.0:1.
                        <Badge size="xs" variant="light" color="grape">
                          Sandbox
                        </Badge>
                      ) : null}
                    </Group>
                    {reconnect ? (
                      <Text fz="xs" c="orange.9">
                        Needs reconnecting: its posts wait until you reconnect it.
                      </Text>
                    ) : null}
                  </Stack>
                </Group>
              </Checkbox.Card>
            );
          })}
        </SimpleGrid>
      </Checkbox.Group>
      {needsReconnect.length > 0 ? (
        <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />}>
          <Text fz="sm">
            {needsReconnect.map((account) => account.name).join(', ')} {needsReconnect.length === 1 ? 'needs' : 'need'} reconnecting.{' '}
            <AnchorLink to="/connect">Reconnect</AnchorLink>
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
