// The editor's scene controls (the phone's card and the desktop's side panel): each menu action
// makes its edit on the timeline, Split cuts at the caret's word, a caption fix leaves the voice
// alone, typing is one coalesced edit, and a refused edit says why.
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { needsRecording, type Timeline } from '../../contract';
import { TimelineEditError } from '../../src/features/editor/data';
import { caretWordIndex, type ApplyEdit, type ApplyOptions } from '../../src/features/editor/screen/editor-actions';
import { NEW_VOICE_BADGE, SceneControls } from '../../src/features/editor/screen/SceneControls';
import { BUILTIN_VISUALS_LABEL } from '../../contract/videos';
import { sampleTimeline } from './helpers/timeline';

// Mantine's autosize textarea listens to document.fonts, which every browser has but happy-dom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

interface Seen {
  timeline: Timeline;
  options: ApplyOptions[];
}

function Harness({ index, seen, onDelete, pictureService }: { index: number; seen: Seen; onDelete: (id: string) => void; pictureService: string }) {
  const [timeline, setTimeline] = useState(seen.timeline);
  const current = useRef(timeline);
  const apply: ApplyEdit = (change, options = {}) => {
    try {
      const next = change(current.current);
      current.current = next;
      seen.timeline = next;
      seen.options.push(options);
      setTimeline(next);
      return Promise.resolve(null);
    } catch (error) {
      if (error instanceof TimelineEditError) return Promise.resolve(error.message);
      throw error;
    }
  };
  const scene = timeline.scenes[index]!;
  return <SceneControls timeline={timeline} scene={scene} index={index} assets={{}} apply={apply} onDelete={onDelete} pictureService={pictureService} />;
}

function setup(index = 0, pictureService: string = BUILTIN_VISUALS_LABEL) {
  const seen: Seen = { timeline: sampleTimeline(), options: [] };
  const onDelete = vi.fn();
  render(
    <MantineProvider>
      <Harness index={index} seen={seen} onDelete={onDelete} pictureService={pictureService} />
    </MantineProvider>,
  );
  return { seen, onDelete };
}

async function choose(sceneNumber: number, action: string) {
  fireEvent.click(screen.getByRole('button', { name: `Scene ${sceneNumber} actions` }));
  const item = await screen.findByRole('menuitem', { name: action });
  fireEvent.click(item);
}

const ids = (timeline: Timeline) => timeline.scenes.map((scene) => scene.id);

describe('the scene controls', () => {
  it('moves a scene down by its menu', async () => {
    const { seen } = setup(0);
    await choose(1, 'Move down');
    await waitFor(() => expect(ids(seen.timeline)).toEqual(['b', 'a', 'c']));
  });

  it('moves a scene up by its menu', async () => {
    const { seen } = setup(2);
    await choose(3, 'Move up');
    await waitFor(() => expect(ids(seen.timeline)).toEqual(['a', 'c', 'b']));
  });

  it('splits the scene at the word the caret is in', async () => {
    const { seen } = setup(0);
    const line = screen.getByLabelText<HTMLTextAreaElement>('Line of scene 1');
    const caret = line.value.indexOf('three');
    line.setSelectionRange(caret + 2, caret + 2);
    await choose(1, 'Split here');
    await waitFor(() => expect(seen.timeline.scenes).toHaveLength(4));
    expect(seen.timeline.scenes[0]!.text).toBe('Octopuses have');
    expect(seen.timeline.scenes[1]!.text).toBe('three hearts and blue blood');
  });

  it('refuses to split before the first word', async () => {
    const { seen } = setup(0);
    screen.getByLabelText<HTMLTextAreaElement>('Line of scene 1').setSelectionRange(0, 0);
    await choose(1, 'Split here');
    await act(() => Promise.resolve());
    expect(seen.timeline.scenes).toHaveLength(3);
  });

  it('merges a scene with the next one', async () => {
    const { seen } = setup(1);
    await choose(2, 'Merge with next');
    await waitFor(() => expect(ids(seen.timeline)).toEqual(['a', 'b']));
    expect(seen.timeline.scenes[1]!.text).toBe('Two hearts pump blood to the gills The third one feeds the rest of the body');
  });

  it('hands Delete to the page (which shows the undo toast)', async () => {
    const { onDelete, seen } = setup(2);
    await choose(3, 'Delete');
    expect(onDelete).toHaveBeenCalledWith('c');
    expect(ids(seen.timeline)).toEqual(['a', 'b', 'c']);
  });

  it('rewrites the line as one coalesced edit and marks the scene for a new voice', async () => {
    const { seen } = setup(0);
    const line = screen.getByLabelText('Line of scene 1');
    fireEvent.change(line, { target: { value: 'Octopuses have three hearts' } });
    fireEvent.change(line, { target: { value: 'Octopuses have three hearts!' } });
    await waitFor(() => expect(seen.timeline.scenes[0]!.text).toBe('Octopuses have three hearts!'));
    expect(seen.options.map((options) => options.coalesce)).toEqual(['text:a', 'text:a']);
    expect(needsRecording(seen.timeline.scenes[0]!, seen.timeline.voice)).toBe(true);
    expect(await screen.findByText(NEW_VOICE_BADGE)).toBeTruthy();
  });

  it('keeps an emptied line in the field with the reason, changing nothing', async () => {
    const { seen } = setup(0);
    fireEvent.change(screen.getByLabelText('Line of scene 1'), { target: { value: '   ' } });
    expect(await screen.findByText('A scene needs some narration.')).toBeTruthy();
    expect(seen.timeline.scenes[0]!.text).toBe('Octopuses have three hearts and blue blood');
  });

  it('fixes a caption word without touching the voice', async () => {
    const { seen } = setup(0);
    const words = screen.getByRole('list', { name: 'Caption words of scene 1' });
    fireEvent.click(within(words).getByRole('button', { name: 'Caption word “blue”: fix it' }));
    const field = screen.getByLabelText('Fix caption word 6, “blue”');
    fireEvent.change(field, { target: { value: 'BLUE' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(seen.timeline.scenes[0]!.captions[5]!.word).toBe('BLUE'));
    expect(seen.timeline.scenes[0]!.recording).toEqual(sampleTimeline().scenes[0]!.recording);
    expect(needsRecording(seen.timeline.scenes[0]!, seen.timeline.voice)).toBe(false);
  });
});

describe('the swap sheet', () => {
  async function stockField(pictureService?: string) {
    const { seen } = setup(0, pictureService);
    await choose(1, 'Swap picture');
    fireEvent.click(await screen.findByRole('radio', { name: 'Stock' }));
    return { seen, field: await screen.findByRole('textbox', { name: /Search words for a stock picture/ }) };
  }

  it('says the built-in art draws a stock picture when no stock library is set up', async () => {
    const { field } = await stockField();
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent;
    expect(description).toContain(`Found at the next render by ${BUILTIN_VISUALS_LABEL}.`);
    expect(description).toContain('the built-in art draws it from these words');
  });

  it('names the stock library the server uses, and marks the scene for a new picture', async () => {
    const { seen, field } = await stockField('Pexels stock videos and photos');
    const description = document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent;
    expect(description).toBe('Found at the next render by Pexels stock videos and photos.');
    fireEvent.change(field, { target: { value: 'deep sea octopus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Use stock' }));
    await waitFor(() => expect(seen.timeline.scenes[0]!.visual).toMatchObject({ source: 'stock', asset: null, prompt: 'deep sea octopus' }));
  });
});

describe('the caret word', () => {
  it('is the word the caret is in or right before', () => {
    expect(caretWordIndex('one two three', 0)).toBe(0);
    expect(caretWordIndex('one two three', 4)).toBe(1);
    expect(caretWordIndex('one two three', 5)).toBe(1);
    expect(caretWordIndex('one two three', 13)).toBe(2);
  });
});
