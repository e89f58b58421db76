import { type CohortCompetence, type CohortRowView, type CohortSubCluster, codedName } from '@groeipad/core';
import { Anchor, Loader, Menu, Tooltip } from '@mantine/core';
import type { TFunction } from 'i18next';
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodedName } from '../../../../components/competence/coded-name';
import { type ScoreChoice, scoreChip, scoreChoices } from '../../evaluation/score-scale';
import { cellKey } from '../api/use-cohort-scoring';
import { type CellView, cellText, cellView } from '../cell-view';
import { columnsOf } from '../cohort-columns';
import { clampPosition, type GridPosition, moveInGrid } from '../grid-navigation';
import classes from './cohort-grid.module.css';

interface Props {
  /** What the grid is (its accessible name): the cluster or sub-cluster shown. */
  label: string;
  rows: readonly CohortRowView[];
  /** The chosen sub-clusters with their competences: the columns. */
  groups: readonly CohortSubCluster[];
  /** A whole cluster is shown: a header row names its sub-clusters above their competences. */
  showGroups: boolean;
  /** Cells being saved (by `cellKey`) with the score on its way. */
  saving: ReadonlyMap<string, { score: number }>;
  /** Cells whose last save failed. */
  failed: ReadonlySet<string>;
  onScore: (row: CohortRowView, competence: CohortCompetence, score: number) => void;
}

const cellId = (at: GridPosition) => `${at.row}:${at.col}`;

/** The position of the grid cell an event happened in (the element with `data-cell`), if any. */
function positionOf(target: EventTarget | null): GridPosition | null {
  const cell = target instanceof Element ? target.closest('[data-cell]') : null;
  const match = /^(\d+):(\d+)$/.exec(cell?.getAttribute('data-cell') ?? '');
  return match ? { row: Number(match[1]), col: Number(match[2]) } : null;
}

/**
 * The cohort grid (issue 22): trajectories as rows, competences as columns, each cell the latest score
 * (its colour with its number; name and date in the tooltip on hover and focus and in the accessible
 * name). An ARIA grid: one cell is in the Tab order, the arrow keys (Home, End, Page Up/Down) move
 * between cells; on a cell the user may score, Enter or a click opens the scale and a number key scores
 * at once. The table scrolls inside itself; its header row and name column stay in view.
 */
export function CohortGrid({ label, rows, groups, showGroups, saving, failed, onScore }: Props) {
  const { t } = useTranslation();
  const columns = columnsOf(groups);
  const size = { rows: rows.length, cols: columns.length + 1 };
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 1 });
  const at = clampPosition(active, size);
  const [menu, setMenu] = useState<string | null>(null);
  const [hint, setHint] = useState<{ element: HTMLElement; text: string } | null>(null);
  const table = useRef<HTMLTableElement>(null);
  const focusPending = useRef(false);

  // A cell reached by the keyboard gets the focus once it has rendered as the active one.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    table.current?.querySelector<HTMLElement>(`[data-cell="${cellId(at)}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = positionOf(event.target);
    if (!from || event.altKey) return;
    const next = moveInGrid(from, event.key, size, event.ctrlKey || event.metaKey);
    if (!next) return;
    event.preventDefault();
    if (next.row === from.row && next.col === from.col) return;
    focusPending.current = true;
    setActive(next);
  };

  const showHint = (target: EventTarget | null) => {
    const element = target instanceof Element ? target.closest<HTMLElement>('[data-hint]') : null;
    const text = element?.dataset.hint;
    setHint((current) =>
      element && text ? (current?.element === element ? current : { element, text }) : null,
    );
  };
  const onFocus = (event: FocusEvent<HTMLTableElement>) => {
    const position = positionOf(event.target);
    if (position) setActive(position);
    showHint(event.target);
  };

  const openMenu = useCallback((row: number, col: number) => {
    // A cell partly scrolled out of the grid comes into view first, the whole table cell: its menu hangs
    // from the cell's bottom edge, and a menu whose anchor is out of view stays hidden (issue 31, a click
    // on a cut-off row).
    table.current
      ?.querySelector<HTMLElement>(`[data-cell="${cellId({ row, col })}"]`)
      ?.closest('td')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    setActive({ row, col });
    setMenu(cellId({ row, col }));
    setHint(null);
  }, []);
  // Closed by a choice or Escape, the focus would be lost with the menu: it goes back to the cell. Closed
  // by a click elsewhere, it stays where that click put it.
  const closeMenu = useCallback((row: number, col: number) => {
    setMenu(null);
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (focused && focused !== document.body) return;
      table.current?.querySelector<HTMLElement>(`[data-cell="${cellId({ row, col })}"]`)?.focus();
    });
  }, []);

  return (
    <div className={classes.scroller} data-testid="cohort-grid-scroller">
      <table
        ref={table}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a data table (APG "Data Grid"): one cell in the Tab order, arrow keys between cells
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={columns.length + 1}
        className={classes.table}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        onBlur={() => setHint(null)}
        onMouseOver={(event: MouseEvent<HTMLTableElement>) => showHint(event.target)}
        onMouseLeave={() => setHint(null)}
        data-testid="cohort-grid"
      >
        <thead>
          {showGroups ? (
            <tr>
              <th scope="col" rowSpan={2} className={classes.corner}>
                {t('trajectories.cohort.trajectory')}
              </th>
              {groups.map((group) =>
                group.competences.length > 0 ? (
                  <th
                    key={group.uuid}
                    scope="colgroup"
                    colSpan={group.competences.length}
                    className={classes.groupHeader}
                    data-hint={codedName(group)}
                  >
                    <CodedName code={group.code} name={group.name} />
                  </th>
                ) : null,
              )}
            </tr>
          ) : null}
          <tr>
            {showGroups ? null : (
              <th scope="col" className={classes.corner}>
                {t('trajectories.cohort.trajectory')}
              </th>
            )}
            {columns.map((competence) => (
              <th
                key={competence.uuid}
                scope="col"
                className={classes.colHeader}
                data-hint={codedName(competence)}
              >
                <span className={classes.clamp}>
                  <CodedName code={competence.code} name={competence.name} />
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <GridRow
              key={row.id}
              t={t}
              row={row}
              index={index}
              columns={columns}
              activeCol={at.row === index ? at.col : -1}
              menuCol={menu?.startsWith(`${index}:`) ? Number(menu.slice(menu.indexOf(':') + 1)) : -1}
              saving={saving}
              failed={failed}
              onOpen={openMenu}
              onClose={closeMenu}
              onScore={onScore}
            />
          ))}
        </tbody>
      </table>
      {hint && menu === null ? (
        <Tooltip label={hint.text} target={hint.element} opened multiline maw={280} withinPortal />
      ) : null}
    </div>
  );
}

interface RowProps {
  t: TFunction;
  row: CohortRowView;
  index: number;
  columns: readonly CohortCompetence[];
  /** The column of this row in the Tab order; −1 when the active cell is in another row. */
  activeCol: number;
  /** The column whose scale menu is open; −1 for none. */
  menuCol: number;
  saving: Props['saving'];
  failed: Props['failed'];
  onOpen: (row: number, col: number) => void;
  onClose: (row: number, col: number) => void;
  onScore: Props['onScore'];
}

/** One trajectory: its name (a link to its evaluation) and a cell per competence. */
const GridRow = memo(function GridRow(props: RowProps) {
  const { t, row, index, columns, activeCol } = props;
  const scale = row.evaluation?.scale;
  const choices = scale ? scoreChoices(scale) : [];
  return (
    <tr>
      <th scope="row" className={classes.rowHeader}>
        <Anchor
          component={Link}
          to={`/trajectory/${row.id}/evaluation`}
          className={classes.name}
          data-cell={`${index}:0`}
          data-hint={row.name}
          tabIndex={activeCol === 0 ? 0 : -1}
          fz="sm"
        >
          {row.name}
        </Anchor>
        {row.expired ? <span className={classes.expired}>{t('trajectories.cohort.expired')}</span> : null}
      </th>
      {columns.map((competence, column) => {
        const key = cellKey(row.id, competence.uuid);
        const saving = props.saving.get(key);
        const view = cellView(row, competence.uuid);
        return (
          <ScoreCell
            key={competence.uuid}
            t={t}
            rowName={row.name}
            competence={competence}
            position={{ row: index, col: column + 1 }}
            view={view}
            pendingChip={saving && scale ? scoreChip(scale, { score: String(saving.score) }) : null}
            failed={props.failed.has(key)}
            active={activeCol === column + 1}
            menuOpen={props.menuCol === column + 1}
            choices={choices}
            onOpen={props.onOpen}
            onClose={props.onClose}
            onScore={(score) => props.onScore(row, competence, score)}
          />
        );
      })}
    </tr>
  );
});

interface CellProps {
  t: TFunction;
  rowName: string;
  competence: CohortCompetence;
  position: GridPosition;
  view: CellView;
  /** The score being saved here, shown until the answer. */
  pendingChip: ScoreChoice | null;
  failed: boolean;
  active: boolean;
  menuOpen: boolean;
  choices: readonly ScoreChoice[];
  onOpen: (row: number, col: number) => void;
  onClose: (row: number, col: number) => void;
  onScore: (score: number) => void;
}

/**
 * Where the scale menu hangs from: the cell's bottom edge. It takes only the ref: the menu's ARIA
 * attributes belong on the cell's button (which says it opens a menu), not on an element that is no control.
 */
function MenuAnchor({ ref }: { ref?: Ref<HTMLSpanElement> }) {
  return <span ref={ref} className={classes.menuAnchor} />;
}

function chipStyle(choice: ScoreChoice): CSSProperties {
  return { '--chip-colour': choice.colour, '--chip-text': choice.textColour } as CSSProperties;
}

/** One competence of one trajectory: its latest score, and the scale to score it where the user may. */
function ScoreCell(props: CellProps) {
  const { t, view, position, pendingChip, failed, active, choices } = props;
  const writable = view.kind === 'open' && view.writable;
  const saving = pendingChip !== null;
  const text = cellText(t, view);
  const label = t('trajectories.cohort.cell.label', {
    competence: codedName(props.competence),
    name: props.rowName,
    value: saving ? t('trajectories.cohort.saving') : text,
  });
  const chip = pendingChip ?? (view.kind === 'open' ? view.chip : null);
  let content: ReactNode;
  if (chip)
    content = (
      <span className={`${classes.chip} ${saving ? classes.pending : ''}`} style={chipStyle(chip)}>
        {chip.score}
      </span>
    );
  else content = <span className={classes.none}>–</span>;

  const byKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!writable || event.ctrlKey || event.metaKey || event.altKey || !/^[0-9]$/.test(event.key)) return;
    const choice = choices.find((candidate) => String(candidate.score) === event.key);
    if (!choice) return;
    event.preventDefault();
    props.onScore(choice.score);
  };
  const className = [
    classes.cellButton,
    writable ? classes.writable : '',
    failed ? classes.failedCell : '',
  ].join(' ');
  const button = (
    <button
      type="button"
      className={className}
      data-cell={cellId(position)}
      data-hint={failed ? `${text} · ${t('trajectories.cohort.notSaved')}` : text}
      tabIndex={active ? 0 : -1}
      aria-label={failed ? `${label} · ${t('trajectories.cohort.notSaved')}` : label}
      aria-busy={saving || undefined}
      aria-haspopup={writable ? 'menu' : undefined}
      aria-expanded={writable ? props.menuOpen : undefined}
      onKeyDown={byKey}
      // A press on a cell partly scrolled out would focus it and scroll it into view under the pointer, so
      // the release lands on another cell and no click comes (issue 31): the press does not focus; the
      // click focuses without scrolling and the menu brings the cell into view (openMenu).
      onMouseDown={writable ? (event) => event.preventDefault() : undefined}
      onClick={
        writable
          ? (event) => {
              event.currentTarget.focus({ preventScroll: true });
              props.onOpen(position.row, position.col);
            }
          : undefined
      }
    >
      {content}
      {saving ? <Loader size={12} className={classes.spinner} aria-hidden /> : null}
    </button>
  );
  const cellClass = `${classes.cell} ${view.kind === 'open' ? '' : classes.absent}`;
  if (!writable || !props.menuOpen) return <td className={cellClass}>{button}</td>;
  const current = view.kind === 'open' ? view.chip?.score : undefined;
  // The scale opens under the cell from an anchor beside its button, so the button (and its focus) stays put.
  return (
    <td className={cellClass}>
      {button}
      <Menu
        opened
        onChange={(opened) => (opened ? undefined : props.onClose(position.row, position.col))}
        position="bottom"
        withinPortal
        // The first score gets the focus (no placeholder before the items: a menu holds menu items only).
        withInitialFocusPlaceholder={false}
      >
        <Menu.Target>
          <MenuAnchor />
        </Menu.Target>
        <Menu.Dropdown
          aria-label={t('trajectories.cohort.menu', {
            competence: codedName(props.competence),
            name: props.rowName,
          })}
        >
          {choices.map((choice) => (
            <Menu.Item
              key={choice.score}
              className={choice.score === current ? classes.current : undefined}
              leftSection={
                <span className={classes.menuChip} style={chipStyle(choice)}>
                  {choice.score}
                </span>
              }
              onClick={() => props.onScore(choice.score)}
            >
              {choice.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </td>
  );
}
