// Builds the render pipeline's services from the configuration: the same pieces for the server,
// `npm run worker` and tests (which replace single pieces through `overrides`).
import { join } from 'node:path';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { musicTrackForRender } from '../domain/media-library/music';
import { MissingMediaError } from '../domain/media-library/paginate';
import { sceneMediaForRender } from '../domain/media-library/scene-media';
import type { RenderServices, StoredMedia } from '../domain/videos/pipeline/services';
import { buildAss } from '../media/captions';
import { composeVideo } from '../media/compose';
import { encodeSegment, joinSegments, mixSoundtrack, segmentKey, soundtrackKey } from '../media/segments';
import { ensureBuiltinTrack } from '../media/music/builtin-store';
import type { MusicComposer } from '../media/music/composer-pool';
import { prepareFontsDir } from '../media/fonts';
import { createMediaStorage } from '../media/storage';
import type { MediaStorage } from '../media/storage/types';
import { createScriptWriter, type ScriptWriter } from '../providers/llm';
import { createSpeechProviders, type SpeechProviders } from '../providers/tts';
import { createVisualProvider } from '../providers/visuals';

/** The library's lookups (server/domain/media-library) in the pipeline's shape: gone → null / absent. */
async function musicTrack(db: Db, userId: number, trackId: string): Promise<(StoredMedia & { title: string }) | null> {
  try {
    const track = await musicTrackForRender(db, userId, trackId);
    return { key: track.storageKey, kind: 'audio', title: track.title };
  } catch (error) {
    if (error instanceof MissingMediaError) return null;
    throw error;
  }
}

async function sceneMediaByIds(db: Db, userId: number, ids: string[]): Promise<Map<string, StoredMedia>> {
  const found = new Map<string, StoredMedia>();
  for (const id of ids) {
    try {
      const [media] = await sceneMediaForRender(db, userId, [id]);
      if (media) found.set(id, { key: media.storageKey, kind: media.kind });
    } catch (error) {
      if (!(error instanceof MissingMediaError)) throw error;
    }
  }
  return found;
}

export interface RenderServiceDeps {
  config: Pick<Config, 'dataDir' | 'visuals'>;
  database: Database;
  storage: MediaStorage;
  scriptWriter: ScriptWriter;
  speech: SpeechProviders;
  /** Composes the built-in tracks (in worker threads). */
  musicComposer: MusicComposer;
  log?: RenderServices['log'];
}

export type RenderProviders = Pick<RenderServiceDeps, 'scriptWriter' | 'speech' | 'storage'>;

/**
 * The script writer, speech engines and media storage as the configuration names them — what
 * the server's app and `npm run worker` both render with. A piece given is used as is (tests).
 */
export function configuredRenderProviders(
  config: Pick<Config, 'llm' | 'speech' | 'dataDir' | 'media'>,
  given: Partial<RenderProviders> = {},
  log?: (message: string) => void,
): RenderProviders {
  return {
    scriptWriter: given.scriptWriter ?? createScriptWriter(config.llm, log),
    speech: given.speech ?? createSpeechProviders(config.speech),
    storage: given.storage ?? createMediaStorage(config),
  };
}

export function createRenderServices(deps: RenderServiceDeps, overrides: Partial<RenderServices> = {}): RenderServices {
  let fontsDir: string | undefined;
  return {
    db: deps.database.db,
    storage: deps.storage,
    scriptWriter: deps.scriptWriter,
    speech: deps.speech,
    visuals: createVisualProvider(deps.config.visuals),
    musicTrack,
    builtinMusic: async (track, signal) => ({ key: await ensureBuiltinTrack(deps.storage, deps.musicComposer, track, 'loop', signal), kind: 'audio' }),
    sceneMedia: sceneMediaByIds,
    captionsAss: buildAss,
    compose: composeVideo,
    segments: { segmentKey, soundtrackKey, encodeSegment, mixSoundtrack, joinSegments },
    // Copied once per DATA_DIR (server/media/fonts): libass reads the fonts from this folder.
    get fontsDir() {
      return (fontsDir ??= prepareFontsDir(join(deps.config.dataDir, 'cache')));
    },
    ...(deps.log ? { log: deps.log } : {}),
    ...overrides,
  };
}
