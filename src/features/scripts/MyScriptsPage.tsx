// "My scripts": generate a script from a prompt, write or edit one by hand, search, read,
// copy and delete — offline too. The list reads ONLY the local store (a Dexie live query); every
// change goes through the sync layer's outbox functions; only generation calls the server.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useId, useState } from 'react';
import type { Script } from '../../../contract';
import type { LocalScript } from '../../store';
import { deleteScriptLocally, refreshScripts, scriptsRecentlyEdited, undoDeleteScript, type DeletedScript } from './data';
import { PageFrame } from '../../ui/PageFrame';
import { MY_SCRIPTS_FRAME } from './frame';
import { matchesSearch, SCRIPTS_PER_PAGE } from './format';
import { plural } from '../../ui/format-count';
import { GeneratePanel } from './GeneratePanel';
import { DeleteScriptModal, ScriptCard } from './ScriptCard';
import { ScriptEditorModal, type EditorTarget } from './ScriptEditor';
import { useOnline } from '../../ui/useOnline';
import { FilteredList, useListFilter } from '../../ui/FilteredList';
import { ListSearch } from '../../ui/ListStates';
import { showUndoableDelete } from '../../ui/undo-toast';

/** How long the "Undo" of a delete stays on screen. */
export const UNDO_WINDOW_MS = 8000;

export function MyScriptsPage() {
  const scripts = useLiveQuery(scriptsRecentlyEdited, []);
  const online = useOnline();
  const list = useListFilter(scripts, matchesSearch);
  const { setSearch } = list;
  const [shown, showMore] = usePages(list.query);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [spotlight, setSpotlight] = useState<string | null>(null);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [deleting, setDeleting] = useState<LocalScript | null>(null);
  const listHeadingId = useId();

  useEffect(() => {
    // Route entry: pull the collection. The sync layer reports its own failures (indicator).
    refreshScripts().catch(() => undefined);
  }, []);

  const show = useCallback((id: string) => {
    setSearch('');
    setExpanded((current) => new Set(current).add(id));
    setSpotlight(id);
  }, [setSearch]);

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const onGenerated = useCallback((script: Script) => show(script.id), [show]);

  const onSaved = (id: string, mode: 'new' | 'edit') => {
    setEditor(null);
    if (mode === 'new') show(id);
    notifications.show({
      color: 'teal',
      title: 'Script saved',
      message: online ? 'Saved on this device; it is on its way to your account.' : 'Saved on this device. It will reach your account when you are back online.',
    });
  };

  const undo = async (deleted: DeletedScript, notificationId: string) => {
    notifications.hide(notificationId);
    try {
      if (await undoDeleteScript(deleted)) {
        show(deleted.id);
        notifications.show({ color: 'teal', title: 'Script restored', message: `“${deleted.previous?.title ?? 'Your script'}” is back.` });
      }
    } catch (error) {
      notifications.show({ color: 'red', title: 'Script not restored', message: errorMessage(error, 'The script could not be restored on this device.') });
    }
  };

  const confirmDelete = async (script: LocalScript) => {
    const deleted = await deleteScriptLocally(script.id);
    setDeleting(null);
    const id = `script-deleted-${script.id}`;
    showUndoableDelete({ id, title: 'Script deleted', name: script.title, autoClose: UNDO_WINDOW_MS, onUndo: () => void undo(deleted, id) });
  };

  return (
    <PageFrame {...MY_SCRIPTS_FRAME}>
      <GeneratePanel onGenerated={onGenerated} />

      <Stack gap="sm" component="section" aria-labelledby={listHeadingId}>
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg" id={listHeadingId}>
            Your scripts
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditor({ mode: 'new' })}>
            New script
          </Button>
        </Group>
        <ListSearch label="Search scripts" placeholder="Words in a title or script" value={list.search} onChange={setSearch} />
        <FilteredList
          list={list}
          loadingLabel="Loading scripts..."
          empty={<NoScriptsYet />}
          words={(count) => plural(count, 'script', 'scripts')}
          noMatches={{ title: 'No scripts match', clearLabel: 'Clear search', children: <Text c="dimmed">Nothing in your scripts contains “{list.query.trim()}”.</Text> }}
        >
          {(visible) => (
            <>
              {visible.slice(0, shown).map((script) => (
                <ScriptCard
                  key={script.id}
                  script={script}
                  expanded={expanded.has(script.id)}
                  spotlight={spotlight === script.id}
                  onToggle={() => toggle(script.id)}
                  onEdit={() => setEditor({ mode: 'edit', script })}
                  onDelete={() => setDeleting(script)}
                />
              ))}
              {visible.length > shown ? (
                <Button variant="default" onClick={showMore} style={{ alignSelf: 'center' }}>
                  Show {Math.min(SCRIPTS_PER_PAGE, visible.length - shown)} more
                </Button>
              ) : null}
            </>
          )}
        </FilteredList>
      </Stack>

      <ScriptEditorModal target={editor} onClose={() => setEditor(null)} onSaved={onSaved} />
      <DeleteScriptModal script={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </PageFrame>
  );
}

/** How many scripts show: a page more at a time, and the first page again for a new search. */
function usePages(query: string): [shown: number, showMore: () => void] {
  const [shown, setShown] = useState(SCRIPTS_PER_PAGE);
  const [shownFor, setShownFor] = useState(query);
  if (shownFor !== query) {
    setShownFor(query);
    setShown(SCRIPTS_PER_PAGE);
  }
  return [shown, () => setShown((n) => n + SCRIPTS_PER_PAGE)];
}

function NoScriptsYet() {
  return (
    <Stack align="center" gap={4} py="xl" ta="center">
      <IconFileText size={36} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      <Title order={3} fz="md">
        No scripts yet
      </Title>
      <Text c="dimmed" maw={420}>
        Generate one from a prompt above, or write one by hand with “New script”.
      </Text>
    </Stack>
  );
}
