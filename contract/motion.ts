// How a still moves on screen: one straight, cosine-eased drift over an overscanned picture. The
// server's filter graph (server/media/filtergraph.ts) turns it into a crop expression and the
// editor's preview into a CSS translate, so both read the same numbers and the preview moves the
// picture exactly as the render will. Why a drift rather than a true zoom: docs/decisions/media.md.

/** A camera move over a still: pan and zoom over `amount` (0–0.2) of the frame (the timeline's motion). */
export interface MotionHint {
  pan: 'up' | 'down' | 'left' | 'right' | 'none';
  zoom: 'in' | 'out' | 'none';
  amount: number;
}

/** Stills without a motion hint are scaled this much larger than the frame; the pan travels over the extra. */
export const PAN_OVERSCAN = 1.08;
/** The largest share of the frame a motion hint may travel (the hint's amount is 0–0.2). */
export const MAX_MOTION_AMOUNT = 0.2;

/**
 * A still's move as a straight drift: `dx`/`dy` are the share of the frame width/height the view
 * travels (positive = right/down). The still is overscanned by `1 + max(|dx|, |dy|)`, so the
 * drift never runs off the picture.
 */
export interface StillDrift {
  dx: number;
  dy: number;
}

/** Without a hint (AI images, stock, uploads): the 8 % pan, direction varying by scene (→ ← ↓ ↑). */
export const DEFAULT_DRIFTS: readonly StillDrift[] = [
  { dx: PAN_OVERSCAN - 1, dy: 0 },
  { dx: -(PAN_OVERSCAN - 1), dy: 0 },
  { dx: 0, dy: PAN_OVERSCAN - 1 },
  { dx: 0, dy: -(PAN_OVERSCAN - 1) },
];

/**
 * Motion hint → drift. A true zoom needs a rescale of every frame (zoompan/scale per frame: far
 * too slow at 1080x1920), so zoom is mapped to a drift too: with a pan it adds a sideways drift
 * of half the amount (in: towards right/down, out: towards left/up), so "pan right + zoom in"
 * and "pan right" look different; alone it becomes a diagonal drift (in: towards the bottom
 * right, out: towards the top left). No pan and no zoom, or amount 0, is a still frame.
 */
export function stillDrift(motion: MotionHint | null | undefined, sceneIndex: number): StillDrift {
  if (!motion) return DEFAULT_DRIFTS[((sceneIndex % DEFAULT_DRIFTS.length) + DEFAULT_DRIFTS.length) % DEFAULT_DRIFTS.length]!;
  const amount = Number.isFinite(motion.amount) ? Math.min(MAX_MOTION_AMOUNT, Math.max(0, motion.amount)) : 0;
  const zoomSign = motion.zoom === 'in' ? 1 : motion.zoom === 'out' ? -1 : 0;
  let dx: number;
  let dy: number;
  if (motion.pan === 'none') {
    dx = dy = zoomSign * amount * Math.SQRT1_2;
  } else {
    const horizontal = motion.pan === 'left' || motion.pan === 'right';
    const along = (motion.pan === 'right' || motion.pan === 'down' ? 1 : -1) * amount;
    const across = (zoomSign * amount) / 2;
    dx = horizontal ? along : across;
    dy = horizontal ? across : along;
  }
  // Rounded so the render's argv (and its tests) do not carry float noise; +0 turns -0 into 0.
  const tidy = (value: number) => Math.round(value * 10000) / 10000 + 0;
  return { dx: tidy(dx), dy: tidy(dy) };
}

/** How much larger than the frame a still is scaled for its drift (a share of the frame: 0.08 = 8 %). */
export function driftOverscan(drift: StillDrift): number {
  return Math.max(Math.abs(drift.dx), Math.abs(drift.dy));
}

/** The drift's progress at `t` of `seconds`: 0 → 1, cosine-eased (slow out, slow in), held at 1 after. */
export function panProgress(t: number, seconds: number): number {
  if (!(seconds > 0)) return 1;
  const linear = Math.min(1, Math.max(0, t / seconds));
  return 0.5 - 0.5 * Math.cos(Math.PI * linear);
}

/**
 * Where the view's top-left corner sits at `t` seconds into a still's `seconds` on screen, as a
 * share (0–1) of the slack on each axis (the overscanned picture's size minus the frame's). Each
 * axis goes from 0.5 − d/2e to 0.5 + d/2e of its slack (e = the overscan share); an axis that does
 * not move, or a still that is not overscanned, stays centred. The server's crop expression is
 * this formula written for ffmpeg.
 */
export function panOffset(drift: StillDrift, t: number, seconds: number): { x: number; y: number } {
  const overscan = driftOverscan(drift);
  const eased = panProgress(t, seconds);
  const axis = (travel: number) => (overscan === 0 || travel === 0 ? 0.5 : 0.5 - travel / (2 * overscan) + (travel / overscan) * eased);
  return { x: axis(drift.dx), y: axis(drift.dy) };
}
