// "Generate a script": prompt, duration, language -> POST /api/generate-script (the one call of
// this screen that goes to the server directly; it costs credits, so it is never queued). The
// answer is stored as a synced row and the screen shows it; the credits badge follows.
//
// Spending credits knowingly: the price is shown before generating ("Costs 1 credit · you have 12") and the button
// says when credits are short; the language picker marks the languages the configured writer
// cannot write (the offline writer writes a few; the others need an AI model); and generating
// twice by accident is hard: one request at a time, an "again?" question for the same prompt,
// duration and language within two minutes, and an Idempotency-Key that a retry of the same
// request reuses, so an answer lost on a bad connection is not charged twice.
import { Button, Group, Loader, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSparkles, IconWifiOff } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SCRIPT_GENERATION_COST, SCRIPT_LANGUAGES, type Script, type ScriptWriterInfo } from '../../../contract';
import { isNetworkError } from '../../api';
import { fetchScriptWriter, generateScript, prefetchedScriptWriter } from './data/scripts-http';
import { setCredits, useAuth } from '../../session';
import { refreshUsage } from '../plans/data';
import { saveGeneratedScript } from './data';
import { ErrorAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { DurationInput } from './DurationInput';
import { generateForm, isGenerateResponse, languageLabel, type GenerateFormValues } from './format';
import { formatCount, plural } from '../../ui/format-count';
import { useOnline } from '../../ui/useOnline';
import { openConfirm } from '../../ui/confirm';

const FIELDS = ['prompt', 'video_duration', 'language'] as const;
export const OFFLINE_NOTE = 'Generating a script needs a connection. You can still write one by hand.';
export const GENERATING_TEXT = 'Writing your script… this can take up to a minute.';
export const AGAIN_TITLE = 'Generate again?';
/** A second generation of the same request within this window asks first. */
export const AGAIN_WINDOW_MS = 2 * 60_000;
export const NEEDS_MODEL = 'needs an AI model';

/** The request's identity: same prompt (trimmed, any case), duration and language. */
function fingerprintOf(values: GenerateFormValues): string {
  return JSON.stringify([values.prompt.trim().toLowerCase(), Number(values.video_duration), values.language]);
}

function languageOptions(writer: ScriptWriterInfo | null) {
  return SCRIPT_LANGUAGES.map((language) => {
    const writes = !writer || writer.languages.includes(language);
    return { value: language, label: writes ? languageLabel(language) : `${languageLabel(language)} (${NEEDS_MODEL})`, disabled: !writes };
  });
}

/** The configured writer, asked once per visit while online; null until known (all languages offered). */
function useScriptWriter(online: boolean): ScriptWriterInfo | null {
  // The route asks while the screen's chunk downloads: usually in for the first render.
  const [prefetched] = useState(prefetchedScriptWriter.recent);
  const [writer, setWriter] = useState<ScriptWriterInfo | null>(() => (prefetched?.value && Array.isArray(prefetched.value.languages) ? prefetched.value : null));
  const prefetchedAnswer = useRef(prefetched?.answer);
  useEffect(() => {
    if (!online || writer) return;
    let current = true;
    const answer = prefetchedAnswer.current ?? fetchScriptWriter();
    prefetchedAnswer.current = undefined;
    answer
      .then((info) => {
        if (current && Array.isArray(info.languages)) setWriter(info);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [online, writer]);
  return writer;
}

export function GeneratePanel({ onGenerated }: { onGenerated: (script: Script) => void }) {
  const online = useOnline();
  const { credits } = useAuth();
  const writer = useScriptWriter(online);
  const headingId = useId();
  const costId = useId();
  const form = useForm<GenerateFormValues>({
    mode: 'controlled',
    initialValues: { prompt: '', video_duration: 30, language: 'english' },
    validate: zodValidate(generateForm),
  });
  // The key of the request being tried: reused while the same request is retried after a failure
  // (its first try may have been charged with the answer lost), new for any other request.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const lastGenerated = useRef<{ fingerprint: string; at: number } | null>(null);

  const {
    submitting: generating,
    failure,
    submit,
  } = useServerSubmit<GenerateFormValues>({
    form,
    fields: FIELDS,
    fallback: 'The script could not be generated.',
    explain: (error) =>
      isNetworkError(error)
        ? 'The server could not be reached, so no script was generated and nothing was charged. Try again when you are online, or write one by hand.'
        : null,
    action: async (values) => {
      const request = generateForm.parse(values);
      const fingerprint = fingerprintOf(values);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: crypto.randomUUID() };
      const response: unknown = await generateScript({
        prompt: request.prompt,
        video_duration: request.video_duration ?? Number(values.video_duration),
        language: request.language,
        idempotencyKey: attempt.current.key,
      });
      if (!isGenerateResponse(response)) throw new Error('The server answered, but its answer could not be read. Please try again.');
      attempt.current = null;
      lastGenerated.current = { fingerprint, at: Date.now() };
      await saveGeneratedScript(response.script);
      setCredits(response.credits);
      refreshUsage().catch(() => undefined);
      notifications.show({
        color: 'teal',
        title: 'Script generated',
        message: `Written by ${response.writer}. ${plural(response.credits, 'credit', 'credits')} left.`,
      });
      onGenerated(response.script);
    },
  });

  const onSubmit = form.onSubmit((values) => {
    if (generating) return; // one generation at a time, Enter included
    const last = lastGenerated.current;
    if (last && last.fingerprint === fingerprintOf(values) && Date.now() - last.at < AGAIN_WINDOW_MS) {
      void openConfirm({
        title: AGAIN_TITLE,
        message: `You generated a script from this same prompt, duration and language a moment ago. Generating again writes another one and costs ${plural(SCRIPT_GENERATION_COST, 'credit', 'credits')}.`,
        confirmLabel: 'Generate again',
        onConfirm: () => void submit(values),
      });
      return;
    }
    void submit(values);
  });

  const short = credits < SCRIPT_GENERATION_COST;
  const offlineWriter = writer?.id === 'offline-writer';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form noValidate aria-labelledby={headingId} onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            Generate a script
          </Title>
          {failure ? <ErrorAlert title="Script not generated">{failure}</ErrorAlert> : null}
          <Textarea
            label="Prompt"
            description="What is the video about? For example: three tips for keeping basil alive indoors."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={2000}
            withAsterisk={false}
            required
            {...form.getInputProps('prompt')}
          />
          <Group grow align="flex-start" gap="sm" wrap="wrap">
            <DurationInput description="5 to 600 seconds" withAsterisk={false} required {...form.getInputProps('video_duration')} />
            <NativeSelect label="Language" description="The language of the narration" data={languageOptions(writer)} miw={160} {...form.getInputProps('language')} />
          </Group>
          {offlineWriter ? (
            <Text fz="sm" c="dimmed">
              No AI model is configured, so scripts are offline drafts built around your prompt.
            </Text>
          ) : null}
          {!online ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text fz="sm" c="dimmed">
                {OFFLINE_NOTE}
              </Text>
            </Group>
          ) : null}
          <Group gap="sm" align="center">
            <Button
              type="submit"
              leftSection={<IconSparkles size={16} aria-hidden />}
              loading={generating}
              disabled={!online || short}
              aria-describedby={costId}
            >
              {short ? 'Not enough credits' : 'Generate script'}
            </Button>
            <Text fz="sm" c="dimmed" id={costId}>
              Costs {plural(SCRIPT_GENERATION_COST, 'credit', 'credits')} · you have {formatCount(credits)}
            </Text>
            {generating ? (
              <Group gap={6} wrap="nowrap">
                <Loader size="xs" aria-hidden />
                <Text fz="sm" c="dimmed" role="status" aria-live="polite">
                  {GENERATING_TEXT}
                </Text>
              </Group>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
