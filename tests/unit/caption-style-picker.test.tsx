// The shared caption style picker: "Save this style" stores the current settings by name on this
// device, and every picker — the video flow's and the transcription editor's — offers it.
import { MantineProvider } from '@mantine/core';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptionSettings } from '../../contract';
import { captionStyleLibrary, listCaptionStyles } from '../../src/features/transcription/data/caption-styles';
import { clearLocalStore } from '../../src/store';
import { CaptionStylePicker } from '../../src/ui/captions/CaptionStylePicker';

configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(async () => {
  await clearLocalStore();
});

describe('CaptionStylePicker', () => {
  it('saves the style by name and offers it in another picker, which applies or deletes it', async () => {
    const first = vi.fn<(settings: CaptionSettings) => void>();
    const second = vi.fn<(settings: CaptionSettings) => void>();
    render(
      <MantineProvider env="test">
        <div data-testid="video-flow">
          <CaptionStylePicker savedStyles={captionStyleLibrary} value={{ preset: 'neon', uppercase: false }} onChange={first} />
        </div>
        <div data-testid="editor">
          <CaptionStylePicker savedStyles={captionStyleLibrary} value={{ preset: 'clean' }} onChange={second} exclude={['none']} />
        </div>
      </MantineProvider>,
    );
    const flow = within(screen.getByTestId('video-flow'));
    fireEvent.click(flow.getByRole('button', { name: 'Save this style' }));
    fireEvent.click(flow.getByRole('button', { name: 'Save style' }));
    expect(await flow.findByText('Give the style a name.')).toBeTruthy();
    fireEvent.change(flow.getByLabelText(/Style name/), { target: { value: 'Quiet neon' } });
    fireEvent.click(flow.getByRole('button', { name: 'Save style' }));
    await waitFor(async () => expect((await listCaptionStyles()).map((row) => [row.name, row.settings])).toEqual([['Quiet neon', { preset: 'neon', uppercase: false }]]));

    const editor = within(screen.getByTestId('editor'));
    fireEvent.click(await editor.findByRole('button', { name: 'Use saved style Quiet neon' }));
    expect(second).toHaveBeenCalledWith({ preset: 'neon', uppercase: false });
    fireEvent.click(editor.getByRole('button', { name: 'Delete saved style Quiet neon' }));
    await waitFor(() => expect(flow.queryByRole('button', { name: 'Use saved style Quiet neon' })).toBeNull());
    expect(await listCaptionStyles()).toEqual([]);
  });

  it('changes the preset from a clean start and keeps overrides on top of it', () => {
    const change = vi.fn<(settings: CaptionSettings) => void>();
    render(
      <MantineProvider env="test">
        <CaptionStylePicker savedStyles={captionStyleLibrary} value={{ preset: 'clean', font_size: 70 }} onChange={change} />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Upper case' }));
    expect(change).toHaveBeenLastCalledWith({ preset: 'clean', font_size: 70, uppercase: true });
    fireEvent.click(screen.getByRole('button', { name: 'Reset to the preset' }));
    expect(change).toHaveBeenLastCalledWith({ preset: 'clean' });
  });
});
