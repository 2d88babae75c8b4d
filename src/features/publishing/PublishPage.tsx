// "Publish": compose a post (a finished video, accounts, caption, YouTube's options, now
// or at a time in the creator's time zone), save and edit drafts, the list of posts with their
// per-account status, and the failed jobs to retry or reschedule. Everything reads the local store
// and changes it through data/ (outbox), so the screen works offline.
import { Badge, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconArrowsExchange, IconList, IconSend } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { refreshPublishing } from './data/pulls';
import { failedJobCount, postById } from './data/queries';
import type { LocalPost } from '../../store';
import { PageFrame } from '../../ui/PageFrame';
import { PUBLISH_FRAME } from './frame';
import { emptyValues, valuesFromPost, type ComposeValues } from './compose/compose-values';
import { ComposeForm } from './compose/ComposeForm';
import { FailedSection } from './failed/FailedSection';
import { PostsSection } from './posts/PostsSection';
import { ScheduleIoSection } from './schedule-io/ScheduleIoSection';
import { creatorTimeZone } from './time-zone';

type Tab = 'compose' | 'posts' | 'failed' | 'schedule-io';

interface ComposeState {
  values: ComposeValues;
  editing: boolean;
}

export function PublishPage() {
  const [timeZone] = useState(creatorTimeZone);
  const [tab, setTab] = useState<Tab>('compose');
  // A tab's panel mounts when first shown and then stays (its filters and scroll survive a switch):
  // rendering the hidden lists with the form made the screen's first render one of the longest
  // tasks of its load (Lighthouse Total Blocking Time, docs/decisions/performance.md).
  const [shown, setShown] = useState<ReadonlySet<Tab>>(() => new Set([tab]));
  if (!shown.has(tab)) setShown(new Set([...shown, tab]));
  const [compose, setCompose] = useState<ComposeState>(() => ({ values: emptyValues(timeZone), editing: false }));
  const failedCount = useLiveQuery(failedJobCount, []);

  useEffect(() => {
    // Route entry: pull what the screen shows. Failures show in the sync indicator.
    void refreshPublishing();
  }, []);

  const startNew = () => setCompose({ values: emptyValues(timeZone), editing: false });
  const edit = (post: LocalPost) => {
    setCompose({ values: valuesFromPost(post, timeZone), editing: true });
    setTab('compose');
  };

  useEffect(() => {
    // "Edit on Publish" from the calendar links here with ?post=<id>: a draft opens in the form,
    // any other post shows in the list (only drafts are edited; the others are rescheduled).
    const id = new URLSearchParams(window.location.search).get('post');
    if (!id) return;
    let active = true;
    void postById(id).then((post) => {
      if (!active || !post) return;
      if (post.status === 'draft') {
        setCompose({ values: valuesFromPost(post, timeZone), editing: true });
        setTab('compose');
      } else {
        setTab('posts');
      }
    });
    return () => {
      active = false;
    };
  }, [timeZone]);

  return (
    <PageFrame {...PUBLISH_FRAME}>
      <Tabs value={tab} onChange={(next) => setTab((next as Tab | null) ?? 'compose')}>
        <Tabs.List>
          <Tabs.Tab value="compose" leftSection={<IconSend size={16} aria-hidden />} style={{ minHeight: 44 }}>
            {compose.editing ? 'Edit draft' : 'New post'}
          </Tabs.Tab>
          <Tabs.Tab value="posts" leftSection={<IconList size={16} aria-hidden />} style={{ minHeight: 44 }}>
            Posts
          </Tabs.Tab>
          <Tabs.Tab
            value="failed"
            leftSection={<IconAlertTriangle size={16} aria-hidden />}
            rightSection={failedCount ? <Badge size="sm" color="red" variant="light">{failedCount}</Badge> : null}
            style={{ minHeight: 44 }}
          >
            Failed
          </Tabs.Tab>
          <Tabs.Tab value="schedule-io" leftSection={<IconArrowsExchange size={16} aria-hidden />} style={{ minHeight: 44 }}>
            Import / export
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="compose" pt="md">
          <ComposeForm
            key={compose.values.id}
            initial={compose.values}
            timeZone={timeZone}
            editing={compose.editing}
            onDone={() => {
              startNew();
              setTab('posts');
            }}
            onCancelEdit={startNew}
          />
        </Tabs.Panel>
        <Tabs.Panel value="posts" pt="md">
          {shown.has('posts') && (
            <PostsSection
              timeZone={timeZone}
              onEdit={edit}
              onCompose={() => {
                startNew();
                setTab('compose');
              }}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="failed" pt="md">
          {shown.has('failed') && <FailedSection timeZone={timeZone} />}
        </Tabs.Panel>
        <Tabs.Panel value="schedule-io" pt="md">
          {/* Mounted only when shown: it asks the server for the feed's status. */}
          {tab === 'schedule-io' && <ScheduleIoSection timeZone={timeZone} />}
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}
