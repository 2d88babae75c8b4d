// The wizard's last step: what was chosen, one line a section with a way back to it, and what the
// series costs a week at the plan's price.
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { slotsPerWeek } from '../../../../contract/series';
import { videoCost, type SocialAccount } from '../../../../contract';
import { presetLabel } from '../../../ui/captions/preset-label';
import { ART_STYLE_LOOKS } from '../../../ui/art-styles/art-styles';
import { plural } from '../../../ui/format-count';
import { describeCadence } from '../../../../contract/series-cadence';
import { AUTO_WARNING } from './AutopilotSection';
import { STEP_TITLES, toCadence, topicLines, weeklyCost, WIZARD_STEPS, type SeriesForm } from './series-form';

/** "About 140 credits a week: 14 episodes × 10 credits", or the reason there is no number yet. */
export function costText(form: SeriesForm, creditsPerSecond: number | undefined): string {
  const weekly = weeklyCost(form, creditsPerSecond);
  if (weekly === null || creditsPerSecond === undefined) return 'The price appears once your plan is on this device; the server charges each episode like a video.';
  const episodes = slotsPerWeek(toCadence(form));
  return `About ${plural(weekly, 'credit', 'credits')} a week: ${plural(episodes, 'episode', 'episodes')} × ${plural(videoCost(form.style.duration, creditsPerSecond), 'credit', 'credits')}.`;
}

function topicText(form: SeriesForm): string {
  if (form.topicMode === 'list') return `Your list: ${plural(topicLines(form.topicList).length, 'topic', 'topics')}, in order`;
  if (form.topicMode === 'prompt') return `Prompt: ${form.prompt.trim()}`;
  return `Niche: ${form.niche.trim()}`;
}

export function ReviewSummary({ form, accounts, creditsPerSecond, onEdit }: { form: SeriesForm; accounts: SocialAccount[] | undefined; creditsPerSecond: number | undefined; onEdit: (step: number) => void }) {
  const chosen = (accounts ?? []).filter((account) => form.destinations.accountIds.includes(account.id));
  const style = form.style;
  const lines: Array<{ step: number; text: string }> = [
    { step: 0, text: `${form.name.trim() || 'No name yet'} — ${topicText(form)}` },
    {
      step: 1,
      text: `${style.duration} s, ${style.language.charAt(0).toUpperCase()}${style.language.slice(1)}, ${style.voice?.name ?? 'built-in voice'}, ${ART_STYLE_LOOKS[style.artStyle].label}, ${style.musicTrackId ? 'music' : 'no music'}, ${presetLabel(style.caption.preset ?? 'bold-pop')} captions, ${style.aspectRatio}`,
    },
    { step: 2, text: `${describeCadence(toCadence(form))} (${form.timeZone.replace(/_/g, ' ')})` },
    {
      step: 3,
      text: `${chosen.length > 0 ? chosen.map((account) => account.name).join(', ') : 'No account chosen'}; ${form.reviewMode === 'review' ? 'you review each episode' : `publishes automatically (${AUTO_WARNING.toLowerCase()})`}; prepared ${plural(form.leadHours, 'hour', 'hours')} ahead${form.weeklyCap !== null ? `; at most ${plural(form.weeklyCap, 'credit', 'credits')} a week` : ''}`,
    },
  ];
  return (
    <Stack gap="sm">
      {lines.map((line) => {
        const title = STEP_TITLES[WIZARD_STEPS[line.step] ?? 'review'];
        return (
          <Paper key={line.step} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} fz="sm">
                  {title}
                </Text>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {line.text}
                </Text>
              </Stack>
              <Anchor component="button" type="button" fz="sm" onClick={() => onEdit(line.step)} aria-label={`Change ${title.toLowerCase()}`}>
                Change
              </Anchor>
            </Group>
          </Paper>
        );
      })}
      <Paper withBorder radius="md" p="sm">
        <Text fw={600} fz="sm">
          Cost estimate
        </Text>
        <Text fz="sm" data-testid="series-cost">
          {costText(form, creditsPerSecond)}
        </Text>
        {form.weeklyCap !== null ? (
          <Text fz="xs" c="dimmed">
            Episodes past your weekly cap are skipped, with the reason.
          </Text>
        ) : null}
      </Paper>
    </Stack>
  );
}
