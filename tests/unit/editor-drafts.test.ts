// The editor's drafts: edits are kept in Dexie as they are made (a reload keeps them), saved
// through the outbox as one coalesced PUT with If-Match, never overwritten by a fetch, and a stale
// save (412) becomes a conflict the creator resolves as theirs or the server's. Real Dexie schema
// over fake-indexeddb, a fake timeline server that checks If-Match like the real one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTimelineEtag, type Timeline, type TimelineResponse, type VideoVersion } from '../../contract';
import {
  discardDraft,
  edit,
  editorDraft,
  fixCaptionWord,
  redo,
  requestRender,
  resolveConflict,
  rewriteScene,
  setMusicVolume,
  storeFetchedTimeline,
  undo,
  reorderScene,
  EditorDraftError,
  TimelineEditError,
} from '../../src/features/editor/data';
import { clearLocalStore, db } from '../../src/store';
import { DB_NAME, ReelflowDB } from '../../src/store/db';
import { appDrainDeps, appOutbox, discardChange, setOutboxOwner, type OutboxRequest, type OutboxResponse, type Send } from '../../src/sync';
import { sampleTimeline, timelineResponse } from './helpers/timeline';

const VIDEO = 'video-1';

/** The server's side of PUT …/timeline and POST …/versions, with Idempotency-Key replays. */
function timelineServer(start: Timeline, revision = 1) {
  const state = { timeline: start, revision };
  const stored = new Map<string, OutboxResponse>();
  const requests: OutboxRequest[] = [];
  let gate: Promise<void> | null = null;
  let arrived: () => void = () => undefined;
  const send: Send = async (request) => {
    requests.push(request);
    arrived();
    if (gate) await gate;
    const replay = stored.get(request.headers['Idempotency-Key']);
    if (replay) return replay;
    let response: OutboxResponse;
    if (request.method === 'POST') {
      const body = request.body as { revision: number; credits: number };
      const version: VideoVersion = { version: 2, status: 'queued', progress: 0, error: null, revision: body.revision, credits_charged: body.credits, video_src: null, thumbnail_src: null, duration: null, created_at: '2026-11-20T11:00:00.000Z' };
      response = { status: 202, body: version };
    } else {
      const expected = parseTimelineEtag(request.headers['If-Match']);
      if (expected === null) response = { status: 428, body: { message: 'Send If-Match.' } };
      else if (expected !== state.revision) response = { status: 412, body: { message: 'The timeline was changed elsewhere.', current: timelineResponse(state.timeline, state.revision, VIDEO) } };
      else {
        state.timeline = (request.body as { timeline: Timeline }).timeline;
        state.revision += 1;
        response = { status: 200, headers: { etag: `"r${state.revision}"` }, body: timelineResponse(state.timeline, state.revision, VIDEO) };
      }
    }
    stored.set(request.headers['Idempotency-Key'], response);
    return response;
  };
  return {
    state,
    requests,
    send,
    /** Hold every answer until the returned release is called; resolves when a request arrives. */
    hold(): { arrived: Promise<void>; release: () => void } {
      let release: () => void = () => undefined;
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      const came = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      return { arrived: came, release };
    },
    /** Someone else saves on another device. */
    changeElsewhere(change: (timeline: Timeline) => Timeline) {
      state.timeline = change(state.timeline);
      state.revision += 1;
    },
  };
}

const drain = (send: Send) => appOutbox.drain(appDrainDeps(send));
const puts = (requests: OutboxRequest[]) => requests.filter((request) => request.method === 'PUT');
const draft = async () => (await editorDraft(VIDEO))!;

let server: ReturnType<typeof timelineServer>;

beforeEach(async () => {
  setOutboxOwner(() => 'u1');
  server = timelineServer(sampleTimeline());
  await storeFetchedTimeline(timelineResponse(sampleTimeline(), 1, VIDEO));
});

afterEach(async () => {
  setOutboxOwner(null);
  await clearLocalStore();
});

describe('local drafts', () => {
  it('an edit is kept on the device at once and survives a reload (a new store instance)', async () => {
    await edit(VIDEO, (t) => rewriteScene(t, 'b', 'Two hearts serve the gills'));
    const reopened = new ReelflowDB(DB_NAME);
    const row = await reopened.editorDrafts.get(VIDEO);
    reopened.close();
    expect(row?.timeline.scenes[1]?.text).toBe('Two hearts serve the gills');
    expect(row).toMatchObject({ ownerId: 'u1', revision: 1, dirty: true, conflict: null });
    expect(row?.past).toHaveLength(1);
    expect(row?.server.timeline.scenes[1]?.text).toBe('Two hearts pump blood to the gills');
  });

  it('an impossible edit changes nothing and says why', async () => {
    await expect(edit(VIDEO, (t) => fixCaptionWord(t, 'a', 99, 'x'))).rejects.toBeInstanceOf(TimelineEditError);
    expect(await draft()).toMatchObject({ dirty: false, past: [] });
    expect(await db.outbox.count()).toBe(0);
    await expect(edit('other-video', (t) => t)).rejects.toBeInstanceOf(EditorDraftError);
  });

  it('undo and redo move the working copy and save it', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await edit(VIDEO, (t) => reorderScene(t, 'c', 0));
    expect(await undo(VIDEO)).toBe(true);
    expect((await draft()).timeline.scenes[0]!.id).toBe('a');
    expect(await redo(VIDEO)).toBe(true);
    expect((await draft()).timeline.scenes[0]!.id).toBe('c');
    await undo(VIDEO);
    await undo(VIDEO);
    expect(await undo(VIDEO)).toBe(false);
    // Undone back to what the server holds before anything was sent: nothing left to save.
    expect(await db.outbox.count()).toBe(0);
    expect(await draft()).toMatchObject({ dirty: false, revision: 1 });
    expect((await draft()).future).toHaveLength(2);
  });

  it('a fetch never overwrites a dirty draft; a clean draft takes the server’s newer timeline', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    const elsewhere = setMusicVolume(sampleTimeline(), 0.9);
    await storeFetchedTimeline(timelineResponse(elsewhere, 5, VIDEO));
    expect((await draft()).timeline.music!.volume).toBe(0.1);
    expect((await draft()).revision).toBe(1);
    await discardDraft(VIDEO);
    expect(await db.outbox.count()).toBe(0);
    await storeFetchedTimeline(timelineResponse(sampleTimeline(), 1, VIDEO));
    await storeFetchedTimeline(timelineResponse(elsewhere, 5, VIDEO));
    expect(await draft()).toMatchObject({ revision: 5, dirty: false });
    expect((await draft()).timeline.music!.volume).toBe(0.9);
    // What it replaced is one undo away.
    expect((await draft()).past).toHaveLength(1);
  });

  it('sign-out clears the drafts with the rest of the store', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await clearLocalStore();
    expect(await db.editorDrafts.count()).toBe(0);
  });

  it('another user does not see a draft left on the device', async () => {
    setOutboxOwner(() => 'u2');
    expect(await editorDraft(VIDEO)).toBeUndefined();
    await expect(undo(VIDEO)).rejects.toBeInstanceOf(EditorDraftError);
  });
});

describe('saving through the outbox', () => {
  it('offline edits queue one PUT with If-Match, carrying the latest working copy', async () => {
    await edit(VIDEO, (t) => rewriteScene(t, 'b', 'Two hearts serve the gills'));
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await edit(VIDEO, (t) => fixCaptionWord(t, 'a', 0, 'Octopi'));
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'editor.timeline.save', method: 'PUT', url: `/api/ai-videos/${VIDEO}/timeline`, ifMatch: '"r1"' });
    expect((items[0]!.body as { timeline: Timeline }).timeline).toEqual((await draft()).timeline);
    // Offline: the drain fails to reach the server; nothing is lost and the item stays.
    await drain(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await db.outbox.count()).toBe(1);
  });

  it('two quick edits send one PUT; the draft is then clean on the new revision', async () => {
    await edit(VIDEO, (t) => rewriteScene(t, 'b', 'Two hearts serve the gills'));
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await drain(server.send);
    expect(puts(server.requests)).toHaveLength(1);
    expect(puts(server.requests)[0]!.headers['If-Match']).toBe('"r1"');
    expect(server.state.revision).toBe(2);
    expect(await draft()).toMatchObject({ revision: 2, dirty: false, conflict: null });
    expect((await draft()).server.assets['v/narration.mp3']!.src).toContain('sig=2');
    expect(await db.outbox.count()).toBe(0);
  });

  it('an edit made while a save is on its way waits, then goes on the revision that save produced (no 412)', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    const held = server.hold();
    const draining = drain(server.send);
    await held.arrived;
    await edit(VIDEO, (t) => setMusicVolume(t, 0.05));
    expect(await db.outbox.count()).toBe(2);
    held.release();
    await draining;
    await drain(server.send);
    expect(puts(server.requests).map((r) => r.headers['If-Match'])).toEqual(['"r1"', '"r2"']);
    expect(server.state).toMatchObject({ revision: 3 });
    expect(server.state.timeline.music!.volume).toBe(0.05);
    expect(await draft()).toMatchObject({ revision: 3, dirty: false, conflict: null });
  });

  it('a save retried after a lost answer is not changed under its key; the next edit waits behind it', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await drain(() => Promise.reject(new TypeError('Network connection lost')));
    await edit(VIDEO, (t) => setMusicVolume(t, 0.2));
    const items = (await db.outbox.toArray()).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    expect(items).toHaveLength(2);
    expect((items[0]!.body as { timeline: Timeline }).timeline.music!.volume).toBe(0.1);
    expect((items[1]!.body as { timeline: Timeline }).timeline.music!.volume).toBe(0.2);
  });

  it('412: the draft keeps the working copy and holds the server’s timeline as a conflict; the save is dropped', async () => {
    server.changeElsewhere((t) => setMusicVolume(t, 0.9));
    await edit(VIDEO, (t) => rewriteScene(t, 'b', 'Two hearts serve the gills'));
    await drain(server.send);
    const row = await draft();
    expect(row.conflict).toMatchObject({ revision: 2 });
    expect(row.conflict!.timeline.music!.volume).toBe(0.9);
    expect(row.timeline.scenes[1]!.text).toBe('Two hearts serve the gills');
    expect(row).toMatchObject({ dirty: true, revision: 1 });
    expect(await db.outbox.count()).toBe(0);
    // Edits go on locally, but nothing is sent while the creator has not chosen.
    await edit(VIDEO, (t) => fixCaptionWord(t, 'a', 0, 'Octopi'));
    expect(await db.outbox.count()).toBe(0);
  });

  it('mine: the working copy is saved over the server’s revision', async () => {
    server.changeElsewhere((t) => setMusicVolume(t, 0.9));
    await edit(VIDEO, (t) => rewriteScene(t, 'b', 'Two hearts serve the gills'));
    await drain(server.send);
    expect(await resolveConflict(VIDEO, 'mine')).toBe(true);
    const [item] = await db.outbox.toArray();
    expect(item?.ifMatch).toBe('"r2"');
    await drain(server.send);
    expect(server.state.revision).toBe(3);
    expect(server.state.timeline.scenes[1]!.text).toBe('Two hearts serve the gills');
    expect(server.state.timeline.music!.volume).toBe(0.25);
    expect(await draft()).toMatchObject({ revision: 3, dirty: false, conflict: null });
    expect(await resolveConflict(VIDEO, 'mine')).toBe(false);
  });

  it('theirs: the server’s timeline becomes the working copy, and one undo brings mine back (and saves it)', async () => {
    server.changeElsewhere((t) => setMusicVolume(t, 0.9));
    await edit(VIDEO, (t) => rewriteScene(t, 'b', 'Two hearts serve the gills'));
    await drain(server.send);
    await resolveConflict(VIDEO, 'theirs');
    let row = await draft();
    expect(row).toMatchObject({ revision: 2, dirty: false, conflict: null });
    expect(row.timeline).toEqual(server.state.timeline);
    expect(await db.outbox.count()).toBe(0);
    await undo(VIDEO);
    row = await draft();
    expect(row.timeline.scenes[1]!.text).toBe('Two hearts serve the gills');
    expect((await db.outbox.toArray())[0]?.ifMatch).toBe('"r2"');
  });

  it('a 412 whose server timeline is already the working copy is no conflict', async () => {
    const mine = setMusicVolume(sampleTimeline(), 0.1);
    server.changeElsewhere(() => mine);
    await edit(VIDEO, () => mine);
    await drain(server.send);
    expect(await draft()).toMatchObject({ conflict: null, dirty: false, revision: 2 });
  });

  it('another refusal stays as a failed change with its message; discarding it goes back to the saved timeline', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await drain(() => Promise.resolve({ status: 422, body: { message: 'The music track is not yours.' } }));
    expect(await draft()).toMatchObject({ saveError: 'The music track is not yours.', dirty: true });
    const [failed] = await db.outbox.toArray();
    await discardChange(failed!.id);
    const row = await draft();
    expect(row.timeline).toEqual(row.server.timeline);
    expect(row).toMatchObject({ dirty: false, saveError: null });
    expect(row.past.at(-1)!.music!.volume).toBe(0.1);
  });

  it('a new edit replaces a refused save instead of queueing behind it', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await drain(() => Promise.resolve({ status: 422, body: { message: 'No.' } }));
    await edit(VIDEO, (t) => setMusicVolume(t, 0.2));
    const items = await db.outbox.toArray();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await drain(server.send);
    expect(server.state.timeline.music!.volume).toBe(0.2);
  });
});

describe('render requests', () => {
  it('queue a POST of the saved revision and the price shown; the new version joins the draft', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    await drain(server.send);
    await requestRender(VIDEO, 2, 3);
    const [item] = await db.outbox.toArray();
    expect(item).toMatchObject({ method: 'POST', url: `/api/ai-videos/${VIDEO}/versions`, body: { revision: 2, credits: 3 } });
    expect(item).not.toHaveProperty('ifMatch');
    await drain(server.send);
    expect((await draft()).server.versions).toEqual([expect.objectContaining({ version: 2, revision: 2, status: 'queued' })]);
  });

  it('refuse a revision that was never saved, or a price that is not whole credits', async () => {
    await expect(requestRender(VIDEO, 2, 3)).rejects.toThrow(/not been saved/);
    await expect(requestRender(VIDEO, 1, 1.5)).rejects.toThrow(/whole number/);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('a fetched timeline', () => {
  it('refreshes a dirty draft’s signed URLs and versions only', async () => {
    await edit(VIDEO, (t) => setMusicVolume(t, 0.1));
    const fetched: TimelineResponse = { ...timelineResponse(sampleTimeline(), 1, VIDEO), assets: { 'v/narration.mp3': { src: '/media/narration.mp3?sig=fresh', kind: 'audio' } } };
    await storeFetchedTimeline(fetched);
    const row = await draft();
    expect(row.server.assets['v/narration.mp3']!.src).toContain('sig=fresh');
    expect(row.timeline.music!.volume).toBe(0.1);
    expect(row.dirty).toBe(true);
  });
});
