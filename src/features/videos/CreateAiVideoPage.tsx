// Route /create-ai-video (spec §2, `can_create_video`): the guided flow, pre-filled from the
// search params the faceless-video gallery sets.
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PageFrame } from '../../ui/PageFrame';
import { CREATE_AI_VIDEO_FRAME } from './frame';
import { CreateVideoFlow } from './create/CreateVideoFlow';
import type { CreateVideoSearch } from './create/flow-state';

/** The route keeps values as strings; numbers or booleans (another parser) become strings too. */
function asStrings(search: Record<string, unknown>): CreateVideoSearch {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(search)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[key] = String(value);
  }
  return values;
}

export function CreateAiVideoPage() {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  // Read once: the flow owns its state after the pre-fill.
  const [search] = useState(() => asStrings(raw));
  return (
    <PageFrame {...CREATE_AI_VIDEO_FRAME}>
      <CreateVideoFlow search={search} />
    </PageFrame>
  );
}
