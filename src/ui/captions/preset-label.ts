// A caption preset's name as the creator reads it (summaries, the gallery, the picker).
import { CAPTION_PRESET_STYLES, type CaptionPreset } from '../../../contract';

export function presetLabel(preset: CaptionPreset): string {
  return preset === 'none' ? 'No captions' : CAPTION_PRESET_STYLES[preset].label;
}
