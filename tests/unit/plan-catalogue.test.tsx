// The plan hints' catalogue (src/session/plan-catalogue.ts): one store query shared by every
// screen that shows hints, and a re-render only when what the store holds has changed (each pull
// at start-up writes these tables; an equal copy re-rendered the navigation and home each time).
// And the screens' refresh of plans and usage (src/features/plans/data/plans.ts), which may skip a pull
// that has just happened.
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlanSummary } from '../../contract';
import { refreshPlans, refreshUsage } from '../../src/features/plans/data/plans';
import { usePlanCatalogue } from '../../src/session/plan-catalogue';
import { clearLocalStore, db } from '../../src/store';
import { setEngineHooks } from '../../src/sync/engine';
import { markFirstScreenShown, resetFirstScreenForTests } from '../../src/ui/first-screen';

const free: PlanSummary = {
  key: 'free',
  name: 'Free',
  rank: 0,
  full_access: false,
  abilities: [],
  limits: {},
  allowed_art_styles: null,
  video: { credits_per_second: 1, max_seconds: 60 },
};

const renders: Record<string, number> = {};

function Hint({ name }: { name: string }) {
  const { plans, usage } = usePlanCatalogue();
  renders[name] = (renders[name] ?? 0) + 1;
  return (
    <p data-testid={name}>
      {plans === undefined ? 'not read' : `${plans.map((plan) => plan.name).join(',') || 'none'}; ${usage.size} usage`}
    </p>
  );
}

describe('usePlanCatalogue', () => {
  beforeEach(async () => {
    resetFirstScreenForTests();
    await clearLocalStore();
    for (const key of Object.keys(renders)) delete renders[key];
  });
  afterEach(() => resetFirstScreenForTests());

  it('reads after the first screen, shares one query, and re-renders only when the tables change', async () => {
    const view = render(
      <>
        <Hint name="nav" />
        <Hint name="home" />
      </>,
    );
    expect(screen.getByTestId('nav').textContent).toBe('not read');
    act(() => markFirstScreenShown());
    await waitFor(() => expect(screen.getByTestId('home').textContent).toBe('none; 0 usage'));
    expect(screen.getByTestId('nav').textContent).toBe('none; 0 usage');

    await act(() => db.plans.put(free));
    await waitFor(() => expect(screen.getByTestId('nav').textContent).toBe('Free; 0 usage'));
    const settled = { ...renders };

    // A pull that writes what is already there (a 200 with the same list) changes nothing on screen.
    await act(async () => {
      await db.plans.put({ ...free });
      await db.usage.clear();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(renders).toEqual(settled);

    await act(() => db.usage.put({ limit: 'series', used: 1, period_start: null, period_end: null }));
    await waitFor(() => expect(screen.getByTestId('home').textContent).toBe('Free; 1 usage'));
    expect(screen.getByTestId('nav').textContent).toBe('Free; 1 usage');
    view.unmount();

    // The last screen gone (signed out): the next one starts from "not read" and reads again.
    render(<Hint name="later" />);
    expect(screen.getByTestId('later').textContent).toBe('not read');
    await waitFor(() => expect(screen.getByTestId('later').textContent).toBe('Free; 1 usage'));
  });
});

describe('refreshPlans / refreshUsage', () => {
  afterEach(() => setEngineHooks(null));

  it('pull at once, or, when asked, not when the last pull is recent (home right after the start-up pulls)', async () => {
    await clearLocalStore();
    const pulled: string[] = [];
    setEngineHooks({ pull: (collection) => Promise.resolve(void pulled.push(collection)) });
    await refreshUsage();
    await refreshPlans({ unlessPulledWithinMs: 30_000 });
    expect(pulled).toEqual(['usage', 'plans']);

    await db.syncState.put({ collection: 'plans', syncedAt: new Date().toISOString(), etag: null });
    await db.syncState.put({ collection: 'usage', syncedAt: new Date(Date.now() - 60_000).toISOString(), etag: null });
    await refreshPlans({ unlessPulledWithinMs: 30_000 });
    await refreshUsage({ unlessPulledWithinMs: 30_000 });
    await refreshPlans();
    expect(pulled).toEqual(['usage', 'plans', 'usage', 'plans']);
  });
});
