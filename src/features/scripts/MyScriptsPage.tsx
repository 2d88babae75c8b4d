// "My scripts": generate a script from a prompt, write or edit one by hand, search, read,
// copy and delete — offline too. The list reads ONLY the local store (a Dexie live query); every
// change goes through the sync layer's outbox functions; only generation calls the server.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from '../../api';
import { notifications } from '@mantine/notifications';
import { IconFileText, IconPlus } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
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
import { ListCount, ListLoading, ListSearch, NoMatches } from '../../ui/ListStates';
import { showUndoableDelete } from '../../ui/undo-toast';

/** How long the "Undo" of a delete stays on screen. */
export const UNDO_WINDOW_MS = 8000;

export function MyScriptsPage() {
  const scripts = useLiveQuery(scriptsRecentlyEdited, []);
  const online = useOnline();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [spotlight, setSpotlight] = useState<string | null>(null);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [deleting, setDeleting] = useState<LocalScript | null>(null);
  const listHeadingId = useId();

  useEffect(() => {
    // Route entry: pull the collection. The sync layer reports its own failures (indicator).
    refreshScripts().catch(() => undefined);
  }, []);

  const visible = useMemo(() => (scripts ? scripts.filter((script) => matchesSearch(script, query)) : undefined), [scripts, query]);

  const show = useCallback((id: string) => {
    setSearch('');
    setExpanded((current) => new Set(current).add(id));
    setSpotlight(id);
  }, []);

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
        <ListSearch label="Search scripts" placeholder="Words in a title or script" value={search} onChange={setSearch} />
        <ScriptList
          scripts={scripts}
          visible={visible}
          query={query}
          expanded={expanded}
          spotlight={spotlight}
          onToggle={toggle}
          onEdit={(script) => setEditor({ mode: 'edit', script })}
          onDelete={setDeleting}
          onClearSearch={() => setSearch('')}
        />
      </Stack>

      <ScriptEditorModal target={editor} onClose={() => setEditor(null)} onSaved={onSaved} />
      <DeleteScriptModal script={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </PageFrame>
  );
}

interface ScriptListProps {
  scripts: LocalScript[] | undefined;
  visible: LocalScript[] | undefined;
  query: string;
  expanded: ReadonlySet<string>;
  spotlight: string | null;
  onToggle: (id: string) => void;
  onEdit: (script: LocalScript) => void;
  onDelete: (script: LocalScript) => void;
  onClearSearch: () => void;
}

function ScriptList({ scripts, visible, query, expanded, spotlight, onToggle, onEdit, onDelete, onClearSearch }: ScriptListProps) {
  const [shown, setShown] = useState(SCRIPTS_PER_PAGE);
  // A new search starts from the first page again.
  const [shownFor, setShownFor] = useState(query);
  if (shownFor !== query) {
    setShownFor(query);
    setShown(SCRIPTS_PER_PAGE);
  }
  if (!scripts || !visible) {
    return <ListLoading label="Loading scripts..." />;
  }
  if (scripts.length === 0) {
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
  const searching = query.trim() !== '';
  return (
    <Stack gap="sm">
      <ListCount shown={searching ? visible.length : scripts.length} total={scripts.length} words={(count) => plural(count, 'script', 'scripts')} />
      {visible.length === 0 ? (
        <NoMatches title="No scripts match" clearLabel="Clear search" onClear={onClearSearch}>
          <Text c="dimmed">Nothing in your scripts contains “{query.trim()}”.</Text>
        </NoMatches>
      ) : (
        <>
          {visible.slice(0, shown).map((script) => (
            <ScriptCard
              key={script.id}
              script={script}
              expanded={expanded.has(script.id)}
              spotlight={spotlight === script.id}
              onToggle={() => onToggle(script.id)}
              onEdit={() => onEdit(script)}
              onDelete={() => onDelete(script)}
            />
          ))}
          {visible.length > shown ? (
            <Button variant="default" onClick={() => setShown((n) => n + SCRIPTS_PER_PAGE)} style={{ alignSelf: 'center' }}>
              Show {Math.min(SCRIPTS_PER_PAGE, visible.length - shown)} more
            </Button>
          ) : null}
        </>
      )}
    </Stack>
  );
}
