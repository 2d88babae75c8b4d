// A searchable list read from the local store, in the states every such list goes through:
// loading, nothing yet, the live count over the items, nothing matching the search (with the way
// back), and the items themselves. useListFilter keeps the search and status filter; the screen
// says how an item matches and lays the matching items out.
import { Stack } from '@mantine/core';
import { useDeferredValue, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import { ListCount, ListFilters, ListLoading, NoMatches, type ListFiltersProps } from './ListStates';

export interface ListFilter<T, S extends string> {
  /** Every item; undefined while the local store loads. */
  items: readonly T[] | undefined;
  /** The items the search and status let through; undefined while loading. */
  visible: readonly T[] | undefined;
  /** What is typed in the search box. */
  search: string;
  setSearch: (search: string) => void;
  /** The search the list shows: it may trail the typing, which never waits for the list. */
  query: string;
  status: S;
  setStatus: (status: S) => void;
  /** The status that lets every item through. */
  all: S;
  /** Back to every item: no search, every status. */
  clear: () => void;
}

/**
 * The search and status filter of a list. `matches` says whether an item is let through; give a
 * function defined once (not a new one each render), or the items are filtered on every render.
 */
export function useListFilter<T, S extends string = 'all'>(
  items: readonly T[] | undefined,
  matches: (item: T, query: string, status: S) => boolean,
  /** The status that lets every item through (the statuses come from `matches`). */
  all: NoInfer<S> = 'all' as S,
): ListFilter<T, S> {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const [status, setStatus] = useState<S>(all);
  const visible = useMemo(() => items?.filter((item) => matches(item, query, status)), [items, matches, query, status]);
  const clear = () => {
    setSearch('');
    setStatus(all);
  };
  return { items, visible, search, setSearch, query, status, setStatus, all, clear };
}

export interface FilteredListProps<T, S extends string> {
  list: ListFilter<T, S>;
  /** With `status`: a search box and status select above the list, once it has anything to search. */
  search?: Pick<ListFiltersProps<S>['search'], 'label' | 'placeholder'>;
  status?: Pick<ListFiltersProps<S>['status'], 'data' | 'miw'>;
  loadingLabel: string;
  /** Shown when there are no items at all: what will show up here and how to make the first. */
  empty: ReactNode;
  /** The count in words: "1 post", "12 posts". */
  words: (count: number) => string;
  /** Nothing matches: the title, the clear button's label and what else to say (it clears the filter). */
  noMatches: Omit<ComponentProps<typeof NoMatches>, 'onClear'>;
  /** Lays out the items that match (never called with none). */
  children: (visible: readonly T[]) => ReactNode;
}

export function FilteredList<T, S extends string>({ list, search, status, loadingLabel, empty, words, noMatches, children }: FilteredListProps<T, S>) {
  const { items, visible } = list;
  return (
    <>
      {search && status && items && items.length > 0 ? (
        <ListFilters
          search={{ ...search, value: list.search, onChange: list.setSearch }}
          status={{ ...status, value: list.status, onChange: list.setStatus, fallback: list.all }}
        />
      ) : null}
      {!items || !visible ? (
        <ListLoading label={loadingLabel} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <Stack gap="sm">
          <ListCount shown={visible.length} total={items.length} words={words} />
          {visible.length === 0 ? <NoMatches {...noMatches} onClear={list.clear} /> : children(visible)}
        </Stack>
      )}
    </>
  );
}
