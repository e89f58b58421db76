// biome-ignore-all lint/a11y/useSemanticElements: windowed rows are placed absolutely at their offset, which a <table>'s own layout cannot do; the WAI-ARIA table roles on elements keep the semantics (axe-checked in e2e/trajectories/list.spec.ts).
// biome-ignore-all lint/a11y/useFocusableInteractive: a column header is not a control itself; its sort button is.
import type { TrajectoryListItem } from '@groeipad/core';
import { Badge, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconChevronDown } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type CSSProperties, type MouseEvent, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type NavigateFunction, useNavigate } from 'react-router';
import {
  isSelectable,
  type ListEntry,
  type SelectAllState,
  type SortColumn,
  type SortOrder,
  selectAllState,
} from '../trajectory-rows';
import { useWindowRange } from '../use-window-range';
import { ExpiryCell } from './expiry-cell';
import { AverageCell, CompactProgress, LastAssessedCell, ProgressCell } from './progress-cells';
import classes from './trajectory-table.module.css';

/** Row heights: one line per cell on a wide screen; a two-line title on a phone. */
export const ROW_HEIGHT = { wide: 52, narrow: 64 } as const;

/** How much of the row a screen shows: a phone puts progress under the title; a middle one leaves out the description. */
export type TableLayout = 'phone' | 'medium' | 'full';

/** The columns: checkbox, title, description (full only), progress, average, last assessment (not on a phone), activeUntil. */
function gridColumns(layout: TableLayout): string {
  if (layout === 'phone') return '28px minmax(0, 1fr) 118px';
  const progress = '108px minmax(120px, 170px) 150px 150px';
  return layout === 'full'
    ? `32px minmax(0, 2fr) minmax(0, 2fr) ${progress}`
    : `32px minmax(0, 1fr) ${progress}`;
}

const COLUMN_COUNT: Record<TableLayout, number> = { phone: 3, medium: 6, full: 7 };

/**
 * The rows' links are plain anchors (a router Link per row costs several hooks, and a fast scroll
 * mounts a whole window of rows in one frame); one handler on the body routes their clicks inside
 * the app, leaving modified clicks (new tab, new window) to the browser.
 */
function followLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest('a[href^="/"]');
  if (!link || !event.currentTarget.contains(link)) return;
  event.preventDefault();
  navigate(link.getAttribute('href') as string);
}

/** Where a windowed row sits in the body. */
function placed(index: number, rowHeight: number, columns?: string): CSSProperties {
  return { top: index * rowHeight, height: rowHeight, gridTemplateColumns: columns };
}

interface Props {
  entries: readonly ListEntry[];
  selected: ReadonlySet<number>;
  selectAll: SelectAllState;
  /** No row on screen can be selected: select-all is disabled. */
  nothingSelectable: boolean;
  sort: SortOrder;
  today: string;
  /** Admin of a private organisation: rows with PURCHASE link their date to the extension wizard. */
  extendAllowed: boolean;
  /** On a phone the description is left out and progress goes under the title (no sideways scrolling). */
  layout: TableLayout;
  onToggle: (item: TrajectoryListItem) => void;
  onToggleAll: () => void;
  onSort: (column: SortColumn) => void;
  onToggleGroup: (key: string) => void;
  /** A group's checkbox: its rows selected, or cleared when all were. */
  onSelectGroup: (items: readonly TrajectoryListItem[]) => void;
}

/**
 * The trajectory table (spec part 1 §2), windowed: only the rows near the viewport are in the DOM
 * (with 5,000 trajectories fewer than 200), placed at their offset in a body as tall as all rows.
 * ARIA table roles with aria-rowcount/aria-rowindex tell assistive technology the full size.
 */
export function TrajectoryTable(props: Props) {
  const { t } = useTranslation();
  const { entries, layout } = props;
  const bodyRef = useRef<HTMLDivElement>(null);
  const rowHeight = layout === 'phone' ? ROW_HEIGHT.narrow : ROW_HEIGHT.wide;
  const range = useWindowRange(bodyRef, entries.length, rowHeight);
  const navigate = useNavigate();
  const columnCount = COLUMN_COUNT[layout];

  return (
    <div
      role="table"
      aria-label={t('nav.trajectories')}
      aria-rowcount={entries.length + 1}
      aria-colcount={columnCount}
      className={classes.table}
      data-testid="trajectory-table"
    >
      <div role="rowgroup" className={classes.head}>
        <HeaderRow {...props} style={{ gridTemplateColumns: gridColumns(layout) }} />
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are the controls; Enter on them arrives here as a click */}
      <div
        role="rowgroup"
        ref={bodyRef}
        className={classes.body}
        style={{ height: entries.length * rowHeight }}
        onClick={(event) => followLink(event, navigate)}
      >
        {entries.slice(range.start, range.end).map((entry, offset) => {
          const index = range.start + offset;
          return entry.kind === 'group' ? (
            <GroupRow
              key={`g${entry.key}`}
              entry={entry}
              index={index}
              rowHeight={rowHeight}
              columnCount={columnCount}
              selectState={selectAllState(entry.items, props.selected)}
              onToggle={props.onToggleGroup}
              onSelect={props.onSelectGroup}
            />
          ) : (
            <TrajectoryRow
              key={entry.item.id}
              t={t}
              item={entry.item}
              index={index}
              rowHeight={rowHeight}
              selected={props.selected.has(entry.item.id)}
              onToggle={props.onToggle}
              today={props.today}
              canExtend={props.extendAllowed && entry.item.rights.includes('PURCHASE')}
              layout={layout}
            />
          );
        })}
      </div>
    </div>
  );
}

function HeaderRow({
  selectAll,
  nothingSelectable,
  onToggleAll,
  sort,
  onSort,
  layout,
  style,
}: Props & { style: CSSProperties }) {
  const { t } = useTranslation();
  const header = (column: SortColumn) => {
    const direction = sort.column === column ? sort.direction : null;
    const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
    return (
      <div
        role="columnheader"
        className={classes.cell}
        aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
      >
        <UnstyledButton className={classes.sortButton} onClick={() => onSort(column)}>
          {t(`trajectories.list.columns.${column}`)}
          <Icon size={14} aria-hidden stroke={direction ? 2.2 : 1.5} />
        </UnstyledButton>
      </div>
    );
  };
  return (
    <div role="row" aria-rowindex={1} className={`${classes.row} ${classes.headRow}`} style={style}>
      <div role="columnheader" className={classes.cell}>
        <input
          type="checkbox"
          className={classes.checkbox}
          aria-label={t('trajectories.list.selectAll')}
          checked={selectAll === 'all'}
          ref={(box) => {
            if (box) box.indeterminate = selectAll === 'some';
          }}
          disabled={nothingSelectable}
          onChange={onToggleAll}
        />
      </div>
      {header('name')}
      {layout === 'full' ? header('description') : null}
      {layout === 'phone' ? null : (
        <>
          {header('progress')}
          {header('average')}
          {header('lastAssessed')}
        </>
      )}
      {header('activeUntil')}
    </div>
  );
}

const GroupRow = memo(function GroupRow({
  entry,
  index,
  rowHeight,
  columnCount,
  selectState,
  onToggle,
  onSelect,
}: {
  entry: Extract<ListEntry, { kind: 'group' }>;
  index: number;
  rowHeight: number;
  columnCount: number;
  selectState: SelectAllState;
  onToggle: (key: string) => void;
  onSelect: (items: readonly TrajectoryListItem[]) => void;
}) {
  const { t } = useTranslation();
  const name = entry.value ?? t('trajectories.list.uncategorised');
  // A collapsed group's rows are not shown, so not acted on: its checkbox waits until it is opened.
  const selectable = entry.expanded && entry.items.some(isSelectable);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${classes.row} ${classes.groupRow} ${entry.expanded ? '' : classes.collapsed}`}
      style={placed(index, rowHeight, '1fr')}
      data-testid="trajectory-group"
    >
      <div
        role="cell"
        aria-colspan={columnCount}
        className={`${classes.cell} ${classes.groupCell}`}
        style={{ height: '100%' }}
      >
        {selectable ? (
          <input
            type="checkbox"
            className={classes.checkbox}
            aria-label={t('trajectories.list.selectGroup', { name })}
            checked={selectState === 'all'}
            ref={(box) => {
              if (box) box.indeterminate = selectState === 'some';
            }}
            onChange={() => onSelect(entry.items)}
          />
        ) : null}
        <UnstyledButton
          className={classes.groupButton}
          aria-expanded={entry.expanded}
          onClick={() => onToggle(entry.key)}
        >
          <IconChevronDown size={16} aria-hidden className={classes.chevron} />
          <span className={classes.oneLine} style={{ minWidth: 0 }}>
            {name}
          </span>
          <Badge size="sm" variant="light" color="gray" style={{ flex: 'none' }}>
            {t('trajectories.list.groupCount', { count: entry.count })}
          </Badge>
        </UnstyledButton>
      </div>
    </div>
  );
});

interface RowProps {
  t: TFunction;
  item: TrajectoryListItem;
  index: number;
  rowHeight: number;
  selected: boolean;
  onToggle: (item: TrajectoryListItem) => void;
  today: string;
  canExtend: boolean;
  layout: TableLayout;
}

/**
 * One trajectory; memoised, so scrolling renders only the rows that come into the window. Plain
 * elements styled by the module (a native checkbox, a router link) rather than Mantine components:
 * a fast scroll mounts a whole window of rows in one frame.
 */
const TrajectoryRow = memo(function TrajectoryRow({
  t,
  item,
  index,
  rowHeight,
  selected: isSelected,
  onToggle,
  today,
  canExtend,
  layout,
}: RowProps) {
  const progress = item.progress ?? null;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`${classes.row} ${isSelected ? classes.selected : ''}`}
      style={placed(index, rowHeight, gridColumns(layout))}
      data-testid="trajectory-row"
    >
      <div role="cell" className={classes.cell}>
        {/* Only METADATA makes a row selectable (spec part 1 §6): no checkbox otherwise. */}
        {isSelectable(item) ? (
          <input
            type="checkbox"
            className={classes.checkbox}
            aria-label={t('trajectories.list.select', { name: item.name })}
            checked={isSelected}
            onChange={() => onToggle(item)}
          />
        ) : null}
      </div>
      <div role="cell" className={classes.cell}>
        <a
          href={`/trajectory/${item.id}`}
          className={`${classes.title} ${layout === 'phone' && !progress ? classes.twoLines : classes.oneLine}`}
          title={item.name}
        >
          {item.name}
        </a>
        {layout === 'phone' ? <CompactProgress t={t} progress={progress} /> : null}
      </div>
      {layout === 'full' ? (
        <div role="cell" className={classes.cell}>
          <span className={`${classes.description} ${classes.oneLine}`} title={item.description ?? undefined}>
            {item.description}
          </span>
        </div>
      ) : null}
      {layout === 'phone' ? null : (
        <>
          <div role="cell" className={classes.cell}>
            <ProgressCell t={t} progress={progress} />
          </div>
          <div role="cell" className={classes.cell}>
            <AverageCell t={t} progress={progress} />
          </div>
          <div role="cell" className={classes.cell}>
            <LastAssessedCell t={t} progress={progress} />
          </div>
        </>
      )}
      <div role="cell" className={classes.cell}>
        <ExpiryCell t={t} item={item} today={today} canExtend={canExtend} />
      </div>
    </div>
  );
});
