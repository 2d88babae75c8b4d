// YouTube's own options of a post (reference/platforms.md §1 "Metadata"): title (≤ 100, prefilled
// from the video's title), description, tags, privacy, made for kids, the AI disclosure (on by
// default: our videos are AI-made) and the category.
import { Checkbox, Fieldset, Group, Select, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { PRIVACY_OPTIONS, YOUTUBE_CATEGORIES, YOUTUBE_DESCRIPTION_MAX, YOUTUBE_TITLE_MAX } from '../format';
import type { Privacy, YoutubeValues } from './compose-values';

export interface YoutubeFieldsProps {
  idPrefix: string;
  value: YoutubeValues;
  onChange: (changes: Partial<YoutubeValues>) => void;
  errors: { title?: string; description?: string; tags?: string };
}

export function YoutubeFields({ idPrefix, value, onChange, errors }: YoutubeFieldsProps) {
  return (
    <Fieldset legend="YouTube" variant="filled" radius="md">
      <Stack gap="sm">
        <TextInput
          id={`${idPrefix}-youtubeTitle`}
          label="Title"
          required
          value={value.title}
          maxLength={YOUTUBE_TITLE_MAX + 20}
          description={`${value.title.trim().length} of ${YOUTUBE_TITLE_MAX} characters`}
          onChange={(event) => onChange({ title: event.currentTarget.value, titleEdited: true })}
          error={errors.title}
        />
        <Textarea
          id={`${idPrefix}-youtubeDescription`}
          label="Description"
          autosize
          minRows={2}
          maxRows={8}
          value={value.description}
          description={`${value.description.length} of ${YOUTUBE_DESCRIPTION_MAX} characters`}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
          error={errors.description}
        />
        <TagsInput
          id={`${idPrefix}-youtubeTags`}
          label="Tags"
          description="Press Enter or comma after each tag"
          value={value.tags}
          onChange={(tags) => onChange({ tags })}
          clearable
          error={errors.tags}
        />
        <Group gap="sm" grow preventGrowOverflow={false} align="flex-start">
          <Select
            id={`${idPrefix}-privacy`}
            label="Privacy"
            data={PRIVACY_OPTIONS}
            value={value.privacy}
            onChange={(privacy) => onChange({ privacy: (privacy ?? 'public') as Privacy })}
            allowDeselect={false}
            miw={150}
          />
          <Select
            id={`${idPrefix}-category`}
            label="Category"
            data={YOUTUBE_CATEGORIES}
            value={value.categoryId}
            onChange={(categoryId) => onChange({ categoryId: categoryId ?? '22' })}
            allowDeselect={false}
            miw={180}
          />
        </Group>
        <Checkbox
          id={`${idPrefix}-madeForKids`}
          label="Made for kids"
          description="Required by YouTube when the video is directed at children"
          checked={value.madeForKids}
          onChange={(event) => onChange({ madeForKids: event.currentTarget.checked })}
        />
        <Checkbox
          id={`${idPrefix}-aiDisclosure`}
          label="Label as altered or synthetic content"
          description="YouTube's disclosure for realistic AI-made media; on by default for AI videos"
          checked={value.aiDisclosure}
          onChange={(event) => onChange({ aiDisclosure: event.currentTarget.checked })}
        />
      </Stack>
    </Fieldset>
  );
}
