// A configured provider with the built-in art as its safety net: a scene the provider cannot
// deliver (rate limit, quota, refusal, outage, nothing found) is drawn offline instead, and the
// result says so. A rejected key is not papered over: that is the operator's to fix, and a
// whole video of substitutes would hide it.
import { BuiltinVisualProvider } from './builtin';
import { VisualProviderError, type SceneVisual, type SceneVisualRequest, type VisualProvider } from './types';

export class FallbackVisualProvider implements VisualProvider {
  readonly id: string;
  readonly label: string;

  constructor(
    readonly primary: VisualProvider,
    readonly fallback: VisualProvider = new BuiltinVisualProvider(),
  ) {
    this.id = primary.id;
    this.label = primary.label;
  }

  async sceneVisual(request: SceneVisualRequest, signal?: AbortSignal): Promise<SceneVisual> {
    try {
      return await this.primary.sceneVisual(request, signal);
    } catch (error) {
      if (signal?.aborted || !(error instanceof VisualProviderError) || error.kind === 'auth') throw error;
      const visual = await this.fallback.sceneVisual(request, signal);
      return { ...visual, label: visual.label ?? this.fallback.label, fallbackReason: error.message };
    }
  }
}
