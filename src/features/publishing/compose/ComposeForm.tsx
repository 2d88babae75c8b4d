// "New post" (and "Edit draft"): video, accounts, caption, YouTube's options, now or a time in the
// creator's time zone, a pre-flight summary, and "Publish now" / "Schedule" / "Save draft". Checks
// run here first (the first field to fix gets the focus); the post then goes through the outbox
// (src/features/publishing/data/posts.ts): an optimistic row at once, sent now or when the device is online.
import { Alert, Button, Group, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarEvent, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useId, useMemo, useState } from 'react';
import { createPost, saveDraft } from '../data/posts';
import { accountsOldestFirst } from '../../accounts/data';
import { allPosts, publishableVideosNewestFirst } from '../data/queries';
import type { PublishVideoRow } from '../../../store';
import { useOnline } from '../../../ui/useOnline';
import { errorMessage } from '../../../api';
import { DateTimeFields } from '../DateTimeFields';
import { CAPTION_MAX } from '../format';
import { isoToZoned } from '../time-zone';
import { AccountPicker } from '../../../ui/accounts/AccountPicker';
import { InstagramFields } from './InstagramFields';
import { picksInstagram, type InstagramValues } from './instagram-values';
import {
  firstInvalid,
  PASSED_TIME_HINT,
  picksTiktok,
  picksYoutube,
  publishAt,
  scheduledAt,
  timeHasPassed,
  toCreateRequest,
  toDraftRequest,
  validateCompose,
  youtubeForVideo,
  type ComposeErrors,
  type ComposeField,
  type ComposeValues,
  type TiktokCreatorLimits,
  type TiktokValues,
  type YoutubeValues,
} from './compose-values';
import { useRerenderWhenPassed } from './useRerenderWhenPassed';
import { Preflight } from './Preflight';
import { DoublesConfirm } from './DoublesConfirm';
import { composeDoubles, composeFieldOf, composeIssues, issueFieldErrors } from './preflight-checks';
import type { PostWarning } from '../../../../contract/preflight';
import { TikTokFields } from './TikTokFields';
import { VideoPicker } from './VideoPicker';
import { AnchorLink } from '../../../ui/links';
import { YoutubeFields } from './YoutubeFields';

const WHEN_CHOICES = [
  { value: 'now', label: 'Publish now' },
  { value: 'later', label: 'Schedule for later' },
] as const;

export interface ComposeFormProps {
  initial: ComposeValues;
  timeZone: string;
  /** A draft is being edited (the form says so and offers to stop). */
  editing: boolean;
  onDone: (what: 'scheduled' | 'draft') => void;
  onCancelEdit?: () => void;
}


/** Move the focus to a field by its key (radio and checkbox groups: their checked or first card). */
function focusField(formId: string, field: ComposeField): void {
  const element = document.getElementById(`${formId}-${field}`);
  if (!element) return;
  const inner = element.matches('input, textarea, button, select')
    ? element
    : (element.querySelector<HTMLElement>('[aria-checked="true"]') ?? element.querySelector<HTMLElement>('input, textarea, button, [role="radio"], [role="checkbox"]') ?? element);
  inner.focus();
}

export function ComposeForm({ initial, timeZone, editing, onDone, onCancelEdit }: ComposeFormProps) {
  const formId = useId().replace(/:/g, '');
  const accounts = useLiveQuery(accountsOldestFirst, []);
  const videos = useLiveQuery(publishableVideosNewestFirst, []);
  const online = useOnline();
  const [values, setValues] = useState<ComposeValues>(initial);
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [busy, setBusy] = useState<'post' | 'draft' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const posts = useLiveQuery(allPosts, []);
  /** Doubles the creator is asked about before the post goes; null: not asking. */
  const [doubles, setDoubles] = useState<PostWarning[] | null>(null);
  /** The TikTok accounts' own limits (creator_info), checked by the pre-flight with the platform's. */
  const [tiktokLimits, setTiktokLimits] = useState<TiktokCreatorLimits | undefined>(undefined);

  const chosenAccounts = useMemo(() => (accounts ?? []).filter((account) => values.accountIds.includes(account.id)), [accounts, values.accountIds]);
  const video = useMemo(() => videos?.find((candidate) => candidate.id === values.videoId) ?? null, [videos, values.videoId]);
  const youtube = picksYoutube(values, accounts ?? []);
  const instagram = picksInstagram(values.accountIds, accounts ?? []);
  const tiktokAccountIds = useMemo(() => chosenAccounts.filter((account) => account.platform === 'tiktok').map((account) => account.id), [chosenAccounts]);
  const tiktok = picksTiktok(values, accounts ?? []);
  // A chosen time that has passed means "publish now" (the hint under the time says so); the form
  // renders again when a time chosen a moment ahead passes, so the hint appears on its own.
  const chosen = scheduledAt(values, timeZone);
  useRerenderWhenPassed(chosen);
  const renderedAt = Date.now();
  const passed = timeHasPassed(values, timeZone, renderedAt);
  const when = publishAt(values, timeZone, renderedAt);
  const today = isoToZoned(new Date().toISOString(), timeZone)?.date;
  const issues = useMemo(() => composeIssues(values, { accounts: accounts ?? [], videos: videos ?? [], timeZone, now: Date.now(), tiktokLimits }), [values, accounts, videos, timeZone, tiktokLimits]);
  // The video line of the summary already says whether YouTube makes it a Short.
  const listed = issues.filter((issue) => !(issue.platform === 'youtube' && issue.field === 'video_id' && issue.severity === 'warning'));

  const change = (changes: Partial<ComposeValues>, cleared: ComposeField[] = []) => {
    setValues((current) => ({ ...current, ...changes }));
    setDoubles(null);
    if (cleared.length > 0) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key as ComposeField))));
  };
  const changeYoutube = (changes: Partial<YoutubeValues>) => {
    setValues((current) => ({ ...current, youtube: { ...current.youtube, ...changes } }));
    setDoubles(null);
    setErrors((current) => ({ ...current, youtubeTitle: undefined, youtubeDescription: undefined, youtubeTags: undefined }));
  };
  const changeInstagram = (changes: Partial<InstagramValues>) => {
    setValues((current) => ({ ...current, instagram: { ...current.instagram, ...changes } }));
    setErrors((current) => ({ ...current, instagramCover: undefined }));
  };
  const changeTiktok = useCallback((changes: Partial<TiktokValues>) => {
    setValues((current) => ({ ...current, tiktok: { ...current.tiktok, ...changes } }));
    if ('privacyLevel' in changes) setErrors((current) => ({ ...current, tiktokPrivacy: undefined }));
  }, []);
  const pickVideo = (picked: PublishVideoRow) => {
    setValues((current) => ({
      ...current,
      videoId: picked.id,
      // The video's title and credits fill YouTube's fields until the creator writes their own.
      youtube: youtubeForVideo(current.youtube, picked, videos?.find((candidate) => candidate.id === current.videoId) ?? null),
    }));
    setErrors((current) => ({ ...current, video: undefined }));
    setDoubles(null);
  };

  const submit = async (draft: boolean, confirmed = false) => {
    setFailure(null);
    setDoubles(null);
    const context = { accounts: accounts ?? [], videos: videos ?? [], timeZone, now: Date.now(), tiktokLimits };
    const found = validateCompose(values, context, draft);
    setErrors(found);
    const first = firstInvalid(found);
    if (first) {
      // After the messages render (aria-invalid set), so a screen reader reads the field with its message.
      requestAnimationFrame(() => focusField(formId, first));
      return;
    }
    if (!draft) {
      // Pre-flight: what a platform would refuse blocks the post; warnings let it go.
      const blocking = composeIssues(values, context).filter((issue) => issue.severity === 'error');
      if (blocking.length > 0) {
        const fieldErrors = issueFieldErrors(blocking);
        setErrors(fieldErrors);
        const field = composeFieldOf(blocking[0]!.field);
        requestAnimationFrame(() => (field ? focusField(formId, field) : document.getElementById(`${formId}-preflight`)?.focus()));
        return;
      }
      const found = confirmed ? [] : composeDoubles(values, context, posts ?? []);
      if (found.length > 0) {
        setDoubles(found);
        return;
      }
    }
    setBusy(draft ? 'draft' : 'post');
    try {
      // "Now" also when the chosen time has passed by now (the request then carries no time).
      let now = false;
      if (draft) await saveDraft(toDraftRequest(values, context));
      else {
        const request = toCreateRequest(values, context);
        now = !request.scheduled_at;
        await createPost(request);
      }
      const later = !online ? ' It is kept on this device and sent when you are back online.' : '';
      notifications.show({
        color: 'teal',
        title: draft ? 'Draft saved' : now ? 'Post queued' : 'Post scheduled',
        message: (draft ? 'Find it under Posts to finish it later.' : now ? 'It is published as soon as it reaches the server.' : 'It goes out at the time you chose.') + later,
      });
      onDone(draft ? 'draft' : 'scheduled');
    } catch (error) {
      setFailure(errorMessage(error, 'The post could not be saved on this device.'));
    } finally {
      setBusy(null);
    }
  };

  const fieldError = (field: ComposeField) => errors[field];

  return (
    <form
      noValidate
      aria-label={editing ? 'Edit draft' : 'New post'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false);
      }}
    >
      <Stack gap="md">
        <Title order={2} fz="lg">
          {editing ? 'Edit draft' : 'New post'}
        </Title>
        {editing ? (
          <Alert color="blue" variant="light" p="xs" title="Editing a draft">
            <Group justify="space-between" gap="xs">
              <span>Your changes replace the draft when you save or publish it.</span>
              {onCancelEdit ? (
                <Button size="compact-sm" variant="subtle" onClick={onCancelEdit}>
                  Start a new post instead
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}

        <VideoPicker id={`${formId}-video`} videos={videos} value={values.videoId} onChange={pickVideo} error={fieldError('video')} />
        {video ? (
          // The editor makes a new version; a post keeps the version it was made from.
          <AnchorLink to="/editor" search={{ video: video.id }} fz="sm" aria-label={`Edit video “${video.title}”`}>
            Edit video
          </AnchorLink>
        ) : null}
        <AccountPicker id={`${formId}-accounts`} accounts={accounts} value={values.accountIds} onChange={(accountIds) => change({ accountIds }, ['accounts', 'youtubeTitle', 'tiktokPrivacy'])} error={fieldError('accounts')} />

        <Textarea
          id={`${formId}-caption`}
          label="Caption"
          autosize
          minRows={3}
          maxRows={10}
          value={values.caption}
          description={`${values.caption.length} of ${CAPTION_MAX} characters`}
          onChange={(event) => change({ caption: event.currentTarget.value }, ['caption'])}
          error={fieldError('caption')}
        />

        {youtube ? (
          <YoutubeFields
            idPrefix={formId}
            value={values.youtube}
            onChange={changeYoutube}
            errors={{ title: fieldError('youtubeTitle'), description: fieldError('youtubeDescription'), tags: fieldError('youtubeTags') }}
          />
        ) : null}

        {instagram ? (
          <InstagramFields idPrefix={formId} value={values.instagram} duration={video?.duration ?? null} onChange={changeInstagram} error={fieldError('instagramCover')} />
        ) : null}
        {tiktok ? <TikTokFields idPrefix={formId} accountIds={tiktokAccountIds} value={values.tiktok} onChange={changeTiktok} onLimits={setTiktokLimits} error={fieldError('tiktokPrivacy')} /> : null}

        <Radio.Group label="When" value={values.when} onChange={(next) => change({ when: next === 'later' ? 'later' : 'now' }, ['date', 'time'])}>
          {/* Cards, not bare radios: a 44 px touch target on phones (the choice and its words). */}
          <Group gap="sm" mt={6}>
            {WHEN_CHOICES.map((choice) => (
              <Radio.Card key={choice.value} value={choice.value} radius="md" px="sm" py={0} mih={44} w="auto">
                <Group gap="xs" wrap="nowrap" mih={44}>
                  <Radio.Indicator />
                  <Text fz="sm">{choice.label}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Group>
        </Radio.Group>
        {values.when === 'later' ? (
          <DateTimeFields
            idPrefix={formId}
            date={values.date}
            time={values.time}
            timeZone={timeZone}
            minDate={today}
            onDate={(date) => change({ date }, ['date', 'time'])}
            onTime={(time) => change({ time }, ['date', 'time'])}
            dateError={fieldError('date')}
            timeError={fieldError('time')}
            notice={passed ? PASSED_TIME_HINT : ''}
          />
        ) : null}

        <Preflight id={`${formId}-preflight`} video={video} accounts={chosenAccounts} youtube={youtube} scheduledAt={when} timeZone={timeZone} online={online} issues={listed} />

        {doubles ? <DoublesConfirm warnings={doubles} onConfirm={() => void submit(false, true)} onCancel={() => setDoubles(null)} /> : null}

        {failure ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={16} aria-hidden />} p="xs">
            {failure}
          </Alert>
        ) : null}

        <Group gap="sm">
          <Button type="submit" loading={busy === 'post'} disabled={busy === 'draft'} leftSection={when === null ? <IconSend size={16} aria-hidden /> : <IconCalendarEvent size={16} aria-hidden />}>
            {when === null ? 'Publish now' : 'Schedule'}
          </Button>
          <Button variant="default" loading={busy === 'draft'} disabled={busy === 'post'} leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={() => void submit(true)}>
            Save draft
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
