// Route /connect (`can_publish_post`): connect the channels posts go to, and look after
// the connected ones. The platform cards start the connect flow (popup, or a full-page redirect
// when the popup is blocked: useConnect.ts); the list reads ONLY the local store (offline too)
// with search and paging over its rows; Reconnect runs the same flow, Disconnect goes through the
// outbox after a confirmation. The plan's social_accounts limit is shown and enforced here (the
// server enforces it as well).
import { Alert, Button, Group, Pagination, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlugConnected, IconSearch, IconWifiOff } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PlatformAvailability, SocialPlatform } from '../../../contract/publishing';
import { disconnectAccountLocally, refreshAccounts } from './data/accounts';
import { limitText, usePermissions } from '../../session';
import { accountsNewestFirst, queuedDisconnects } from './data/queries';
import type { LocalAccount } from '../../store';
import { ListEmpty, ListLoading, ListSection } from '../../ui/ListStates';
import { PageFrame } from '../../ui/PageFrame';
import { CONNECT_FRAME } from './frame';
import { useOnline } from '../../ui/useOnline';
import { AccountCard } from './AccountCard';
import { DisconnectDialog } from './DisconnectDialog';
import { accountLimit, matchesAccountSearch, pageOfAccounts } from './format';
import { plural } from '../../ui/format-count';
import { platformAvailability, prefetchedPlatforms } from './data/connect-http';
import { PlatformCards, type PlatformCardsProps } from './PlatformCards';
import { useConnect } from './useConnect';
import { useReconnectLink } from './useReconnectLink';

export const OFFLINE_REASON = 'Connecting an account needs a network connection. You are offline; the accounts below are the ones saved on this device.';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export function ConnectPage() {
  const accounts = useLiveQuery(accountsNewestFirst, []);
  const waitingDisconnects = useLiveQuery(queuedDisconnects, []);
  const online = useOnline();
  const permissions = usePermissions();
  const flow = useConnect();
  const [disconnecting, setDisconnecting] = useState<LocalAccount | null>(null);
  const [message, setMessage] = useState('');
  // /connect?reconnect=<id> (the warnings of posts about to fail): start that reconnect at once.
  const reconnectNotice = useReconnectLink(accounts, online, flow.connect);

  useEffect(() => {
    // Route entry: pull the accounts (health and blocked posts move on the server).
    refreshAccounts().catch(() => undefined);
  }, []);

  // Which platforms the server has set up and which run on its sandbox, before any click. Not
  // known offline, where connecting is off anyway; a failure leaves the cards as they were. The
  // route asks while this screen's chunk downloads, so the answer is usually in for the first
  // render and the cards do not grow after it.
  const [prefetched] = useState(prefetchedPlatforms.recent);
  const [platforms, setPlatforms] = useState<PlatformAvailability[]>(() => prefetched?.value ?? []);
  const prefetchedAnswer = useRef(prefetched?.answer);
  useEffect(() => {
    if (!online) return;
    let current = true;
    const answer = prefetchedAnswer.current ?? platformAvailability();
    prefetchedAnswer.current = undefined;
    answer.then(
      (answer) => current && setPlatforms(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [online]);

  const used = accounts?.length ?? 0;
  const ready = !permissions.loading && !permissions.error && permissions.permissions !== null && accounts !== undefined;
  const limit = accountLimit(
    limitText(permissions, 'social_accounts', { limit: 'social_accounts', used, period_start: null, period_end: null }),
    ready ? permissions.getLimit('social_accounts') : null,
    used,
    ready,
  );
  const connectBlocked = !online ? OFFLINE_REASON : limit.atLimit ? limit.reason : null;

  // "Sandbox" on a platform's card: the server said so when connecting, or an account of it is one.
  const sandbox = useMemo(() => {
    const known: Partial<Record<SocialPlatform, boolean>> = { ...flow.sandbox };
    for (const entry of platforms) if (entry.sandbox) known[entry.platform] = true;
    for (const account of accounts ?? []) if (account.sandbox) known[account.platform] = true;
    return known;
  }, [accounts, flow.sandbox, platforms]);
  const notSetUp = useMemo(() => platforms.filter((entry) => !entry.available).map((entry) => entry.platform), [platforms]);

  const disconnect = async (account: LocalAccount) => {
    await disconnectAccountLocally(account.id);
    setDisconnecting(null);
    const text = online ? `${account.name} is disconnected.` : `${account.name} will be disconnected when you are back online.`;
    setMessage(text);
    notifications.show({ color: 'teal', title: 'Account disconnected', message: text });
  };

  return (
    <PageFrame {...CONNECT_FRAME}>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic>
        {flow.announcement}
        {flow.announcement && message ? ' ' : ''}
        {message}
      </VisuallyHidden>

      {!online ? (
        <Alert color="gray" variant="light" role="status" icon={<IconWifiOff size={18} aria-hidden />} title="You are offline">
          {OFFLINE_REASON}
        </Alert>
      ) : null}
      {reconnectNotice ? (
        <Alert color="yellow" variant="light" title="Not reconnected">
          {reconnectNotice}
        </Alert>
      ) : null}
      {flow.error ? (
        <Alert color="red" variant="light" title="Not connected" withCloseButton closeButtonLabel="Dismiss" onClose={flow.dismissError}>
          {flow.error}
        </Alert>
      ) : null}

      <PlatformsSection
        limit={limit}
        sandbox={sandbox}
        notSetUp={notSetUp}
        busy={flow.busy}
        waiting={flow.waiting}
        blockedReason={connectBlocked}
        onConnect={flow.connect}
      />

      <AccountsSection
        accounts={accounts}
        waitingDisconnects={waitingDisconnects ?? []}
        reconnectBlocked={online ? null : OFFLINE_REASON}
        busy={flow.busy}
        onReconnect={(account) => flow.connect(account.platform)}
        onDisconnect={setDisconnecting}
      />

      <DisconnectDialog account={disconnecting} online={online} onConfirm={disconnect} onCancel={() => setDisconnecting(null)} />
    </PageFrame>
  );
}

interface PlatformsSectionProps extends PlatformCardsProps {
  limit: ReturnType<typeof accountLimit>;
}

function PlatformsSection({ limit, ...cards }: PlatformsSectionProps) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} fz="lg" id={headingId}>
          Platforms
        </Title>
        {limit.text ? (
          <Text fz="sm" fw={500}>
            {limit.text}
            {limit.detail ? <Text span c="dimmed" fz="sm">{` · ${limit.detail}`}</Text> : null}
          </Text>
        ) : null}
      </Group>
      {limit.reason ? (
        <Alert color="yellow" variant="light" p="sm" role="note">
          {limit.reason}
        </Alert>
      ) : null}
      <PlatformCards {...cards} />
    </Stack>
  );
}

interface AccountsSectionProps {
  accounts: LocalAccount[] | undefined;
  waitingDisconnects: Array<{ id: string; name: string }>;
  reconnectBlocked: string | null;
  busy: SocialPlatform | null;
  onReconnect: (account: LocalAccount) => void;
  onDisconnect: (account: LocalAccount) => void;
}

function AccountsSection({ accounts, waitingDisconnects, reconnectBlocked, busy, onReconnect, onDisconnect }: AccountsSectionProps) {
  const headingId = useId();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [page, setPage] = useState(1);
  const matching = useMemo(() => accounts?.filter((account) => matchesAccountSearch(account, query)), [accounts, query]);
  const shown = pageOfAccounts(matching ?? [], page);

  return (
    <ListSection title="Your accounts" headingId={headingId}>
      {accounts && accounts.length > 0 ? (
        <TextInput
          label="Search accounts"
          type="search"
          placeholder="Name, handle or platform"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          maw={420}
        />
      ) : null}

      {waitingDisconnects.length > 0 ? (
        <Alert color="gray" variant="light" p="sm" role="status" title="Waiting to be sent">
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {waitingDisconnects.map((item) => (
              <Text component="li" fz="sm" key={item.id}>
                Disconnect of {item.name}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}

      {!accounts || !matching ? (
        <ListLoading label="Loading accounts..." />
      ) : accounts.length === 0 ? (
        <ListEmpty
          icon={<IconPlugConnected size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />}
          title="No accounts connected yet"
          text="Connect a channel above, then publish or schedule your videos to it."
        />
      ) : (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed" role="status" aria-live="polite">
            {matching.length === 0
              ? `No accounts match “${query.trim()}”`
              : matching.length <= shown.rows.length && matching.length === accounts.length
                ? plural(accounts.length, 'account', 'accounts')
                : `Showing ${shown.from}–${shown.to} of ${plural(matching.length, 'account', 'accounts')}`}
          </Text>
          {matching.length === 0 ? (
            <Group>
              <Button variant="subtle" onClick={() => setSearch('')}>
                Show all accounts
              </Button>
            </Group>
          ) : (
            <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={headingId}>
              {shown.rows.map((account) => (
                <li key={account.id}>
                  <AccountCard
                    account={account}
                    reconnectBlocked={reconnectBlocked}
                    reconnecting={busy === account.platform}
                    onReconnect={() => onReconnect(account)}
                    onDisconnect={() => onDisconnect(account)}
                  />
                </li>
              ))}
            </Stack>
          )}
          {shown.pages > 1 ? (
            <nav aria-label="Pages of accounts">
              <Pagination
                total={shown.pages}
                value={shown.page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}`, 'aria-current': item === shown.page ? 'page' : undefined })}
              />
            </nav>
          ) : null}
        </Stack>
      )}
    </ListSection>
  );
}
