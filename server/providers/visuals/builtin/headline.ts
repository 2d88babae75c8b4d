// The key phrase's design per style: face, size, tracking, case and place. The art measures the
// phrase in the very font file the burner sets it in and hands the result on as a SceneHeadline;
// server/media/captions/headline.ts animates it in over the moving picture.
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { ArtStyleName } from '../art-styles';
import type { HeadlineFont, SceneHeadline } from '../types';
import { artFont, type ArtFont } from './fonts';
import { fitFontSize, type HeadlineInk } from './kit';
import type { SceneLayout } from './subject-layer';

interface HeadlineType {
  font: HeadlineFont;
  /** Em size at a 1080-pixel short side, before a typographic scene's enlargement. */
  size: number;
  tracking: number;
  transform: (phrase: string) => string;
  /** Widest the phrase may be set, share of the frame width. */
  maxWidth: number;
  /** Left-aligned at this share of the width; centred when absent. */
  left?: number;
}

const upper = (phrase: string) => phrase.toUpperCase();
const lower = (phrase: string) => phrase.toLowerCase();
const asSaid = (phrase: string) => phrase;

export const HEADLINE_TYPE: Record<ArtStyleName, HeadlineType> = {
  realistic: { font: 'Montserrat SemiBold', size: 84, tracking: 6, transform: asSaid, maxWidth: 0.8 },
  cinematic: { font: 'Bebas Neue', size: 96, tracking: 22, transform: upper, maxWidth: 0.8 },
  anime: { font: 'Montserrat Black Italic', size: 120, tracking: 0, transform: upper, maxWidth: 0.84 },
  comic: { font: 'Anton', size: 110, tracking: 0, transform: (phrase) => `${phrase.toUpperCase()}!`, maxWidth: 0.6 },
  watercolor: { font: 'Poppins Light', size: 110, tracking: 4, transform: lower, maxWidth: 0.8 },
  'pixel-art': { font: 'Noto Sans Bold', size: 120, tracking: 2, transform: upper, maxWidth: 0.86 },
  cyberpunk: { font: 'Bebas Neue', size: 170, tracking: 10, transform: upper, maxWidth: 0.82 },
  fantasy: { font: 'Montserrat SemiBold', size: 84, tracking: 18, transform: upper, maxWidth: 0.8 },
  minimalist: { font: 'Poppins Medium', size: 66, tracking: 2, transform: (phrase) => `${phrase.toLowerCase()}.`, maxWidth: 0.76, left: 0.12 },
  vintage: { font: 'Bebas Neue', size: 120, tracking: 12, transform: upper, maxWidth: 0.8 },
};

const CANVAS_FAMILY: Record<HeadlineFont, ArtFont> = {
  Anton: 'RF Anton',
  'Bebas Neue': 'RF Bebas Neue',
  'Montserrat Black Italic': 'RF Montserrat Black Italic',
  'Montserrat SemiBold': 'RF Montserrat SemiBold',
  'Noto Sans Bold': 'RF Noto Sans Bold',
  'Poppins Light': 'RF Poppins Light',
  'Poppins Medium': 'RF Poppins Medium',
};

/** The phrase set for this scene: sized to fit, placed where the layout keeps room for it. */
export function designHeadline(ctx: SKRSContext2D, style: ArtStyleName, phrase: string, layout: SceneLayout, ink: HeadlineInk, width: number, height: number): SceneHeadline {
  const type = HEADLINE_TYPE[style];
  const unit = Math.min(width, height) / 1080;
  const text = type.transform(phrase);
  const tracking = type.tracking * unit;
  const size = fitFontSize(ctx, text, (px) => artFont(CANVAS_FAMILY[type.font], px), type.size * unit * layout.headingScale, width * type.maxWidth, tracking);
  ctx.letterSpacing = '0px';
  const measured = ctx.measureText(text).width + tracking * text.length;
  const share = (value: number, of: number) => Math.round((value / of) * 10000) / 10000;
  return {
    text,
    style,
    font: type.font,
    x: type.left ?? 0.5,
    y: share(ink.y ?? layout.headingY, height),
    align: type.left === undefined ? 'center' : 'left',
    size: share(size, height),
    tracking: share(tracking, height),
    width: share(measured, width),
    ink: ink.ink,
    accent: ink.accent,
  };
}
