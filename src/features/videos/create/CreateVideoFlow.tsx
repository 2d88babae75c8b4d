// The create-ai-video flow: one page, a vertical stepper of seven steps and a
// sticky footer (Back / Next / Create). Create validates with the contract's schema plus the
// plan's rules, then hands the request to the videos collection, which queues it in the outbox —
// so creating works offline too. A topic's length the script writer cannot fill is said on the
// length and review steps, and Create waits for a fix. Leaving with a typed script asks first.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { createVideoLocally } from '../data/videos';
import { loadVoices } from '../data/voices-http';
import { useAuth, usePermissions } from '../../../session';
import { usePlanCatalogue } from '../../../session/plan-catalogue';
import { scriptById, scriptWriterOnDevice } from '../../scripts/data';
import { trackById } from '../data';
import { useOnline } from '../../../ui/useOnline';
import { ArtStyleStep } from './ArtStyleStep';
import { ART_STYLE_LOOKS } from '../../../ui/art-styles/art-styles';
import { presetLabel } from '../../../ui/captions/preset-label';
import { CaptionStep } from './CaptionStep';
import { followCreatedVideo } from './created-video-toast';
import { FlowSection } from './FlowSection';
import {
  effectiveSpeed,
  estimateSeconds,
  initialFlowState,
  preferredGender,
  quoteFor,
  STEP_IDS,
  stepOfField,
  toRequest,
  validateFlow,
  writerShortfall,
  type CreateVideoSearch,
  type FlowState,
  type SavedScriptRef,
  type StepId,
} from './flow-state';
import { LeavePrompt } from './LeavePrompt';
import { LengthStep } from './LengthStep';
import { MusicStep } from './MusicStep';
import { ReviewStep } from './ReviewStep';
import { ScriptStep } from './ScriptStep';
import { VoiceStep } from './VoiceStep';
import { WriterReachAlert } from './WriterReachAlert';
import { languageCode, suggestVoice } from '../../../ui/voices/voice-filters';
import { formatCount } from '../../../ui/format-count';
import { StickyActionBar } from '../../../ui/StickyActionBar';

const STEP_TITLES: Record<StepId, string> = {
  script: 'Script or topic',
  length: 'Length and language',
  voice: 'Voice',
  style: 'Art style',
  music: 'Music',
  captions: 'Captions and frame',
  review: 'Review and create',
};

export function CreateVideoFlow({ search }: { search: CreateVideoSearch }) {
  const navigate = useNavigate();
  const online = useOnline();
  const { user, credits } = useAuth();
  const { isArtStyleAllowed } = usePermissions();
  const { plans } = usePlanCatalogue();
  const plan = plans?.find((candidate) => candidate.key === user?.plan);
  const [state, setState] = useState<FlowState>(() => initialFlowState(search));
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  // One id for the whole flow: a retried Create sends the same video (Idempotency-Key on the server).
  const [videoId] = useState(() => crypto.randomUUID());
  const submitted = useRef(false);
  const headers = useRef<(HTMLButtonElement | null)[]>([]);
  const moved = useRef(false);

  const savedScript = useLiveQuery(() => scriptById(state.scriptId), [state.scriptId]);
  const musicTrack = useLiveQuery(() => trackById(state.musicTrackId), [state.musicTrackId]);
  const saved: SavedScriptRef | undefined = useMemo(
    () => (state.source === 'saved' && savedScript ? { id: savedScript.id, body: savedScript.body, synced: savedScript.syncStatus === 'synced' } : undefined),
    [state.source, savedScript],
  );
  const estimate = estimateSeconds(state, saved);
  const quote = quoteFor(estimate, plan);
  // The writer's limit as last pulled (undefined before that: nothing is held back, the server checks).
  const writer = useLiveQuery(scriptWriterOnDevice, []);
  const shortfall = writerShortfall(state, writer?.max_words);
  const blocked = shortfall !== null;
  const reachMessageId = useId();
  const createButton = useRef<HTMLButtonElement>(null);
  const lengthFixed = useRef(false);
  const context = { plan, credits, isArtStyleAllowed, saved };
  const typed = state.script.trim() !== '' || (state.prompt.trim() !== '' && state.prompt.trim() !== (search.prompt ?? '').trim());

  // A gallery style asks for a kind of voice: choose the first fitting one once the lists are known
  // (from the cache offline), unless the creator already chose.
  const gender = preferredGender(search);
  useEffect(() => {
    if (!gender) return;
    let current = true;
    void loadVoices().then(({ rows }) => {
      const voice = suggestVoice(rows, languageCode(state.language), gender);
      if (current && voice) setState((now) => (now.voice ? now : { ...now, voice: { provider: voice.provider, voice_id: voice.voice_id, name: voice.name } }));
    });
    return () => {
      current = false;
    };
    // Only on arrival: a later language change clears the voice on purpose.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gender]);

  useEffect(() => {
    // Focus the opened step's heading (not on first render: the page's h1 comes first).
    if (!moved.current) return;
    const header = headers.current[active];
    header?.focus();
    header?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  useEffect(() => {
    if (!lengthFixed.current || blocked) return;
    lengthFixed.current = false;
    // The fix button went with its alert: keep the keyboard where the creator goes next.
    (STEP_IDS[active] === 'review' ? createButton.current : headers.current[active])?.focus();
  }, [blocked, active]);

  const update = (patch: Partial<FlowState>) => {
    setState((current) => ({ ...current, ...patch }));
    // A changed field clears its own error; the rest stay until the next check.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(current)) {
        if (key in patch || (key === 'prompt' && 'source' in patch) || key.startsWith('caption') || key === 'credits') delete next[key];
      }
      return next;
    });
  };

  const open = (index: number) => {
    moved.current = true;
    setActive(index);
  };

  const next = () => {
    const step = STEP_IDS[active];
    const found = validateFlow(state, videoId, context);
    const here = Object.fromEntries(Object.entries(found).filter(([field]) => stepOfField(field) === step));
    setErrors(here);
    if (Object.keys(here).length === 0) open(Math.min(active + 1, STEP_IDS.length - 1));
  };

  const create = async () => {
    if (submitted.current || blocked) return;
    const found = validateFlow(state, videoId, context);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      open(STEP_IDS.indexOf(stepOfField(first)));
      return;
    }
    submitted.current = true;
    setSubmitting(true);
    try {
      const video = await createVideoLocally(toRequest(state, videoId, saved), quote ?? { credits: 0, seconds: estimate.seconds });
      followCreatedVideo(video, online);
      await navigate({ to: '/my-videos' });
    } catch (error) {
      submitted.current = false;
      setErrors({ credits: error instanceof Error && error.message ? error.message : 'The video could not be saved on this device.' });
      notifications.show({ color: 'red', title: 'Video not created', message: 'The video could not be saved on this device. Try again.' });
    } finally {
      setSubmitting(false);
    }
  };

  const summaries: Record<StepId, string> = {
    script:
      state.source === 'topic'
        ? state.prompt.trim() ? `Topic: ${state.prompt.trim()}` : 'No topic yet'
        : state.source === 'saved'
          ? savedScript ? `Saved script: ${savedScript.title}` : 'No script chosen yet'
          : estimate.words > 0 ? `Your script, ${formatCount(estimate.words)} words` : 'No script yet',
    length: `${estimate.basis === 'topic' ? `${state.duration} s` : estimate.seconds > 0 ? `About ${estimate.seconds} s` : 'Length follows the script'}, ${state.language.charAt(0).toUpperCase()}${state.language.slice(1)}`,
    voice: `${state.voice?.name ?? 'Built-in voice'}, ${effectiveSpeed(state).toFixed(2)}×`,
    style: `${ART_STYLE_LOOKS[state.artStyle].label}${state.sceneMedia.length > 0 ? `, your own visuals for ${state.sceneMedia.length} ${state.sceneMedia.length === 1 ? 'scene' : 'scenes'}` : ''}`,
    music: musicTrack ? musicTrack.title : 'No music',
    captions: `${presetLabel(state.caption.preset ?? 'bold-pop')}, ${state.aspectRatio}`,
    review: quote ? `${quote.credits} credits` : 'Check and create',
  };

  const stepProps = { state, update, errors, plan };
  const reachAlert = (role: 'status' | 'alert') =>
    shortfall ? (
      <WriterReachAlert
        messageId={reachMessageId}
        role={role}
        shortfall={shortfall}
        fixSeconds={Math.min(shortfall.longest, plan?.video.max_seconds ?? shortfall.longest)}
        onUseLength={(duration) => {
          lengthFixed.current = true;
          update({ duration });
        }}
        onWriteScript={() => {
          update({ source: 'write' });
          open(STEP_IDS.indexOf('script'));
        }}
      />
    ) : null;
  const content: Record<StepId, ReactNode> = {
    script: <ScriptStep {...stepProps} />,
    length: <LengthStep {...stepProps} reachAlert={reachAlert('status')} />,
    voice: <VoiceStep {...stepProps} preferGender={gender} />,
    style: <ArtStyleStep {...stepProps} plans={plans} isArtStyleAllowed={isArtStyleAllowed} />,
    music: <MusicStep {...stepProps} />,
    captions: <CaptionStep {...stepProps} />,
    review: (
      <ReviewStep
        {...stepProps}
        estimate={estimate}
        quote={quote}
        credits={credits}
        scriptTitle={savedScript?.title ?? null}
        musicTitle={musicTrack?.title ?? null}
        reachAlert={reachAlert('alert')}
      />
    ),
  };
  const onReview = STEP_IDS[active] === 'review';

  return (
    <Stack gap="sm">
      {online ? null : (
        <Alert color="gray" title="You are offline" role="status">
          You can still create: the video is saved on this device and will be sent when you’re back online. Voice previews need a
          connection.
        </Alert>
      )}
      {search.style ? (
        <Text fz="sm" c="dimmed">
          Starting from the “{search.style}” style. Change anything you like.
        </Text>
      ) : null}
      {STEP_IDS.map((step, index) => (
        <FlowSection
          key={step}
          ref={(element) => {
            headers.current[index] = element;
          }}
          index={index}
          title={STEP_TITLES[step]}
          summary={summaries[step]}
          open={index === active}
          done={index < active}
          hasError={Object.keys(errors).some((field) => stepOfField(field) === step)}
          onOpen={() => open(index)}
        >
          {content[step]}
        </FlowSection>
      ))}
      <StickyActionBar>
          <Button variant="default" disabled={active === 0} onClick={() => open(active - 1)}>
            Back
          </Button>
          {quote ? (
            <Text fz="sm" c="dimmed" ta="center" visibleFrom="xs">
              {quote.credits} credits
            </Text>
          ) : null}
          {onReview ? (
            <Button
              ref={createButton}
              onClick={() => void create()}
              loading={submitting}
              disabled={submitting || blocked}
              aria-describedby={blocked ? reachMessageId : undefined}
            >
              Create video
            </Button>
          ) : (
            <Button onClick={next}>Next</Button>
          )}
      </StickyActionBar>
      <LeavePrompt shouldBlock={() => typed && !submitted.current} />
    </Stack>
  );
}
