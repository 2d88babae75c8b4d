// The warnings of posts about to fail for want of a working account, shared
// by Home, the calendar and the post card: the hook reads the posts and accounts (offline too) and the
// rules are data/publish-alerts.ts. Each account gets a one-click "Reconnect" — a
// link to /connect?reconnect=<id>, where the connect flow starts for it at once. The posts are kept:
// a reconnect unblocks them and they go out at their time.
import { Alert, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlugConnected } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PLATFORM_LABELS } from '../../../../contract/publishing';
import { RECONNECT_PARAM } from '../../accounts/data';
import { publishAlerts, type AlertAccount, type AlertLevel, type PostAlert, type PublishAlerts } from '../data/publish-alerts';
import { publishAlertInputs } from '../data/queries';
import { ButtonLink } from '../../../ui/links';

/** The window moves with the clock: alerts are derived again every minute. */
const TICK_MS = 60_000;

const systemNow = () => new Date();

/** Posts due within 24 h whose account needs reconnecting (or is expiring); undefined while loading. */
export function usePublishAlerts(now: () => Date = systemNow): PublishAlerts | undefined {
  const inputs = useLiveQuery(publishAlertInputs, []);
  const [at, setAt] = useState(now);
  // The latest clock without restarting the timer (callers may pass a new function each render).
  const clock = useRef(now);
  useEffect(() => {
    clock.current = now;
  });
  useEffect(() => {
    const timer = setInterval(() => setAt(clock.current()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return useMemo(() => (inputs ? publishAlerts(inputs[0], inputs[1], at) : undefined), [inputs, at]);
}

const COLOR: Record<AlertLevel, string> = { reconnect: 'red', expiring: 'yellow' };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Reconnect Basil Daily" as a link that starts the reconnect on the connect screen. */
export function ReconnectLink({ account, size = 'xs' }: { account: AlertAccount; size?: 'xs' | 'sm' }) {
  const label = account.level === 'reconnect' ? 'Reconnect' : 'Renew access';
  return (
    <ButtonLink
      to="/connect"
      search={account.id ? { [RECONNECT_PARAM]: account.id } : {}}
      size={size}
      color={account.level === 'reconnect' ? 'red' : undefined}
      variant={account.level === 'reconnect' ? 'filled' : 'default'}
      leftSection={<IconPlugConnected size={14} aria-hidden />}
      aria-label={`${label} ${PLATFORM_LABELS[account.platform]} account ${account.name}`}
    >
      {label}
    </ButtonLink>
  );
}

function AccountLines({ accounts }: { accounts: AlertAccount[] }) {
  return (
    <List spacing={6} listStyleType="none" p={0} m={0}>
      {accounts.map((account) => (
        <List.Item key={account.id ?? `${account.platform}:${account.name}`}>
          <Group gap="xs" wrap="wrap">
            <Text fz="sm" fw={600}>
              {PLATFORM_LABELS[account.platform]} · {account.name}
            </Text>
            <ReconnectLink account={account} />
          </Group>
          {account.reason ? <Text fz="sm">{account.reason}</Text> : null}
        </List.Item>
      ))}
    </List>
  );
}

/** Home's and the calendar's banner: how many posts are at risk, and each account to reconnect. */
export function PublishAlertBanner({ alerts }: { alerts: PublishAlerts | undefined }) {
  if (!alerts?.level) return null;
  const count = alerts.posts.length;
  const title =
    alerts.level === 'reconnect'
      ? `${plural(count, 'post', 'posts')} due in the next 24 hours cannot be published`
      : `${plural(count, 'post', 'posts')} due in the next 24 hours may not be published`;
  return (
    <Alert color={COLOR[alerts.level]} variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={title}>
      <Stack gap="xs">
        <Text fz="sm">
          {alerts.level === 'reconnect'
            ? 'Reconnect the accounts below. Your posts are kept and go out at their time once the account is back.'
            : 'The permission of these accounts runs out soon. Renew it to keep your posts going out.'}
        </Text>
        <AccountLines accounts={alerts.accounts} />
      </Stack>
    </Alert>
  );
}

/** The warning on one post (its card, its calendar details). */
export function PostAlertNote({ alert }: { alert: PostAlert | null | undefined }) {
  if (!alert) return null;
  return (
    <Alert color={COLOR[alert.level]} variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />} title={alert.level === 'reconnect' ? 'Will not be published until reconnected' : 'May not be published'}>
      <AccountLines accounts={alert.accounts} />
    </Alert>
  );
}

/** The banner over the live store (Home loads this module lazily: it brings Dexie along). */
export function LivePublishAlertBanner() {
  return <PublishAlertBanner alerts={usePublishAlerts()} />;
}
