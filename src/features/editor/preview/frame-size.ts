// The preview frame's size in CSS pixels: the timeline's aspect ratio fitted into the box the
// screen gives (a width on a phone, a height beside the desktop's panels, or both).
import { FRAME_SIZES, type AspectRatio } from '../../../../contract';

export function previewFrameSize(aspectRatio: AspectRatio, box: { width?: number | undefined; height?: number | undefined }): { width: number; height: number } {
  const { width: frameWidth, height: frameHeight } = FRAME_SIZES[aspectRatio];
  const ratio = frameHeight / frameWidth;
  const byWidth = box.width !== undefined && box.width > 0 ? box.width : Infinity;
  const byHeight = box.height !== undefined && box.height > 0 ? box.height / ratio : Infinity;
  const width = Math.min(byWidth, byHeight);
  if (!Number.isFinite(width)) return { width: 0, height: 0 };
  const whole = Math.floor(width);
  return { width: whole, height: Math.floor(whole * ratio) };
}
