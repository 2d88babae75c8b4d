// "Generate a script": prompt, duration, language -> POST /api/generate-script (the one call of
// this screen that goes to the server directly; it costs credits, so it is never queued). The
// answer is stored as a synced row and the screen shows it; the credits badge follows.
import { Button, Group, Loader, NativeSelect, NumberInput, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconSparkles, IconWifiOff } from '@tabler/icons-react';
import { useId } from 'react';
import { SCRIPT_LANGUAGES, type Script } from '../../../contract';
import { generateScript, isNetworkError } from '../../api';
import { setCredits } from '../../session';
import { saveGeneratedScript } from '../../sync';
import { ErrorAlert } from '../../ui/FormAlert';
import { zodValidate } from '../../ui/forms';
import { useServerSubmit } from '../../ui/useServerSubmit';
import { generateForm, isGenerateResponse, languageLabel, plural, type GenerateFormValues } from './format';
import { useOnline } from './useOnline';

const FIELDS = ['prompt', 'video_duration', 'language'] as const;
export const OFFLINE_NOTE = 'Generating a script needs a connection. You can still write one by hand.';
export const GENERATING_TEXT = 'Writing your script… this can take up to a minute.';

const LANGUAGE_OPTIONS = SCRIPT_LANGUAGES.map((language) => ({ value: language, label: languageLabel(language) }));

export function GeneratePanel({ onGenerated }: { onGenerated: (script: Script) => void }) {
  const online = useOnline();
  const headingId = useId();
  const form = useForm<GenerateFormValues>({
    mode: 'controlled',
    initialValues: { prompt: '', video_duration: 30, language: 'english' },
    validate: zodValidate(generateForm),
  });

  const {
    submitting: generating,
    failure,
    onSubmit,
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
      const response: unknown = await generateScript({
        prompt: request.prompt,
        video_duration: request.video_duration ?? Number(values.video_duration),
        language: request.language,
      });
      if (!isGenerateResponse(response)) throw new Error('The server answered, but its answer could not be read. Please try again.');
      await saveGeneratedScript(response.script);
      setCredits(response.credits);
      notifications.show({
        color: 'teal',
        title: 'Script generated',
        message: `Written by ${response.writer}. ${plural(response.credits, 'credit', 'credits')} left.`,
      });
      onGenerated(response.script);
    },
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        aria-labelledby={headingId}
        onSubmit={onSubmit}
      >
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
            <NumberInput
              label="Duration (seconds)"
              description="5 to 600 seconds"
              min={5}
              max={600}
              step={5}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              withAsterisk={false}
              required
              miw={160}
              {...form.getInputProps('video_duration')}
            />
            <NativeSelect label="Language" description="The language of the narration" data={LANGUAGE_OPTIONS} miw={160} {...form.getInputProps('language')} />
          </Group>
          {!online ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <Text fz="sm" c="dimmed">
                {OFFLINE_NOTE}
              </Text>
            </Group>
          ) : null}
          <Group gap="sm" align="center">
            <Button type="submit" leftSection={<IconSparkles size={16} aria-hidden />} loading={generating} disabled={!online}>
              Generate script
            </Button>
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
