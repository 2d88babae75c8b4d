// The editor's keyboard: which key press is which command, that typing keeps its keys, and that the
// page-wide listener hands commands on (and leaves a focused button's Space alone).
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorCommand, isTypingTarget, type KeyPress } from '../../src/features/editor/screen/shortcuts';
import { useEditorKeys } from '../../src/features/editor/screen/useEditorKeys';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({ key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...modifiers });

describe('editorCommand', () => {
  it('maps the editor’s keys', () => {
    expect(editorCommand(press(' '), false)).toBe('play-pause');
    expect(editorCommand(press('ArrowLeft'), false)).toBe('frame-back');
    expect(editorCommand(press('ArrowRight'), false)).toBe('frame-forward');
    expect(editorCommand(press('z', { ctrlKey: true }), false)).toBe('undo');
    expect(editorCommand(press('z', { metaKey: true }), false)).toBe('undo');
    expect(editorCommand(press('Z', { ctrlKey: true, shiftKey: true }), false)).toBe('redo');
    expect(editorCommand(press('z', { metaKey: true, shiftKey: true }), false)).toBe('redo');
    expect(editorCommand(press('y', { ctrlKey: true }), false)).toBe('redo');
    expect(editorCommand(press('Delete'), false)).toBe('delete-scene');
    expect(editorCommand(press('Backspace'), false)).toBe('delete-scene');
  });

  it('leaves other keys and Alt combinations alone', () => {
    expect(editorCommand(press('a'), false)).toBeNull();
    expect(editorCommand(press('ArrowLeft', { shiftKey: true }), false)).toBeNull();
    expect(editorCommand(press(' ', { altKey: true }), false)).toBeNull();
    expect(editorCommand(press('z', { ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(editorCommand(press('y', { metaKey: true }), false)).toBeNull();
  });

  it('does nothing while typing: the field keeps Space, Delete, arrows and its own undo', () => {
    for (const key of [press(' '), press('Delete'), press('Backspace'), press('ArrowLeft'), press('z', { ctrlKey: true }), press('y', { ctrlKey: true })]) {
      expect(editorCommand(key, true)).toBeNull();
    }
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields and false on buttons and checkboxes', () => {
    document.body.innerHTML = '<textarea></textarea><input type="text"><input type="checkbox"><button>b</button><div contenteditable="true"></div>';
    const [textarea, text, checkbox, button] = [...document.body.querySelectorAll('textarea, input, button')];
    expect(isTypingTarget(textarea!)).toBe(true);
    expect(isTypingTarget(text!)).toBe(true);
    expect(isTypingTarget(checkbox!)).toBe(false);
    expect(isTypingTarget(button!)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

function Listener({ onCommand }: { onCommand: (command: string) => void }) {
  useEditorKeys(onCommand);
  return (
    <div>
      <textarea aria-label="line" />
      <button type="button">Play</button>
      <span tabIndex={0}>scene</span>
    </div>
  );
}

describe('useEditorKeys', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('hands the page’s commands on, but not from a text field or a button’s own Space', () => {
    const onCommand = vi.fn<(command: string) => void>();
    const view = render(<Listener onCommand={onCommand} />);
    const fire = (target: Element, init: KeyboardEventInit) => target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }));
    const scene = view.getByText('scene');
    fire(scene, { key: ' ' });
    fire(scene, { key: 'Delete' });
    fire(scene, { key: 'z', ctrlKey: true });
    fire(scene, { key: 'z', ctrlKey: true, shiftKey: true });
    fire(scene, { key: 'ArrowRight' });
    fire(view.getByLabelText('line'), { key: ' ' });
    fire(view.getByLabelText('line'), { key: 'Backspace' });
    fire(view.getByRole('button', { name: 'Play' }), { key: ' ' });
    fire(view.getByRole('button', { name: 'Play' }), { key: 'z', ctrlKey: true });
    expect(onCommand.mock.calls.map(([command]) => command)).toEqual(['play-pause', 'delete-scene', 'undo', 'redo', 'frame-forward', 'undo']);
  });
});
