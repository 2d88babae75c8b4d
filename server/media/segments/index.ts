// The per-scene renderer: each scene's picture is encoded as its own segment, keyed by what went
// into it; the soundtrack is mixed whole; the final video is the segments joined plus the
// soundtrack. Design: docs/decisions/editor.md, "Segments".
export { encodeSegment, segmentArgs, segmentAss } from './encode-segment';
export { segmentSpans, type SegmentSpan } from './frames';
export { concatList, joinSegments, type JoinInput, type JoinResult } from './join-segments';
export { mixSoundtrack, narrationArgs, type NarrationClip, type SoundtrackInput, type SoundtrackMusic, type SoundtrackResult } from './mix-soundtrack';
export { canonicalJson, RENDERER_VERSION, segmentKey, segmentKeyParts, soundtrackKey, type SoundtrackKeyInput } from './segment-key';
export type { EncodeSegmentInput, SegmentKeyInput, SegmentPicture, SegmentResult } from './types';
