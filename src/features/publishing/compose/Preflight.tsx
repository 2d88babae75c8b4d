// The pre-flight summary above the buttons: what will happen, in plain words, before it happens —
// the video's shape and length against YouTube Shorts, where it goes (sandbox or real, blocked
// accounts), when, and that it waits on this device while offline.
import { List, Paper, Text, Title } from '@mantine/core';
import { describeIssue, type PreflightIssue } from '../../../../contract/preflight';
import type { LocalAccount, PublishVideoRow } from '../../../store';
import { platformLabel, videoPreflight } from '../format';
import { formatInZone } from '../time-zone';

export interface PreflightProps {
  video: PublishVideoRow | null;
  accounts: LocalAccount[];
  youtube: boolean;
  /** ISO time, null for now, undefined when the inputs are not a time yet. */
  scheduledAt: string | null | undefined;
  timeZone: string;
  online: boolean;
  /** Each chosen platform's pre-flight issues: errors block, warnings inform. */
  issues?: PreflightIssue[];
  /** Lets the form move the focus here when an error has no field of its own. */
  id?: string;
}

/** "YouTube: shorten the title to 100 characters (it has 112)." — errors first, then warnings. */
function IssueList({ issues, severity }: { issues: PreflightIssue[]; severity: PreflightIssue['severity'] }) {
  const shown = issues.filter((issue) => issue.severity === severity);
  if (shown.length === 0) return null;
  const label = severity === 'error' ? 'Fix before publishing' : 'Good to know';
  return (
    <>
      <Text fz="sm" fw={600} mt={6} c={severity === 'error' ? 'red.8' : 'orange.9'}>
        {label}
      </Text>
      <List fz="sm" spacing={2} aria-label={label}>
        {shown.map((issue) => (
          <List.Item key={`${issue.platform}:${issue.field}:${issue.message}`}>{describeIssue(issue)}</List.Item>
        ))}
      </List>
    </>
  );
}

export function Preflight({ video, accounts, youtube, scheduledAt, timeZone, online, issues = [], id }: PreflightProps) {
  const blocked = accounts.filter((account) => account.health === 'reconnect');
  const sandbox = accounts.filter((account) => account.sandbox);
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Before you publish" id={id} tabIndex={id ? -1 : undefined}>
      <Title order={3} fz="sm" mb={4}>
        Before you publish
      </Title>
      <List fz="sm" spacing={2}>
        <List.Item>{video ? videoPreflight(video, youtube) : 'No video chosen yet.'}</List.Item>
        <List.Item>
          {accounts.length === 0
            ? 'No account chosen yet.'
            : `To ${accounts.map((account) => `${account.name} (${platformLabel(account.platform)}${account.sandbox ? ', Sandbox' : ''})`).join(', ')}.`}
        </List.Item>
        {sandbox.length > 0 ? <List.Item>Sandbox accounts publish to Reelflow's built-in stand-in of the platform, never to the real one.</List.Item> : null}
        {blocked.length > 0 ? (
          <List.Item>
            <Text span fz="sm" c="orange.9">
              {blocked.map((account) => account.name).join(', ')} must be reconnected: {blocked.length === 1 ? 'its' : 'their'} post waits until then.
            </Text>
          </List.Item>
        ) : null}
        <List.Item>
          {scheduledAt === null
            ? 'Publishes as soon as it reaches the server.'
            : scheduledAt
              ? `Publishes on ${formatInZone(scheduledAt, timeZone)} (${timeZone.replace(/_/g, ' ')}).`
              : 'Choose a date and time.'}
        </List.Item>
        {!online ? <List.Item>You are offline: it is kept on this device and sent when you are back online.</List.Item> : null}
      </List>
      <IssueList issues={issues} severity="error" />
      <IssueList issues={issues} severity="warning" />
    </Paper>
  );
}
