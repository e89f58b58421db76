/** A cell of the grid: its row and column (column 0 holds the trajectory names). */
export interface GridPosition {
  row: number;
  col: number;
}

/** How far Page Up and Page Down move. */
const PAGE_ROWS = 10;

/**
 * Where a key moves the focus in the grid (the ARIA grid pattern): the arrows one cell, Home and End to
 * the row's first and last cell (with Ctrl: the grid's), Page Up and Down ten rows; null for any other
 * key. The move stops at the edges.
 */
export function moveInGrid(
  at: GridPosition,
  key: string,
  size: { rows: number; cols: number },
  ctrl = false,
): GridPosition | null {
  const row = (value: number) => Math.max(0, Math.min(size.rows - 1, value));
  const col = (value: number) => Math.max(0, Math.min(size.cols - 1, value));
  switch (key) {
    case 'ArrowUp':
      return { row: row(at.row - 1), col: at.col };
    case 'ArrowDown':
      return { row: row(at.row + 1), col: at.col };
    case 'ArrowLeft':
      return { row: at.row, col: col(at.col - 1) };
    case 'ArrowRight':
      return { row: at.row, col: col(at.col + 1) };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row: at.row, col: 0 };
    case 'End':
      return ctrl ? { row: size.rows - 1, col: size.cols - 1 } : { row: at.row, col: size.cols - 1 };
    case 'PageUp':
      return { row: row(at.row - PAGE_ROWS), col: at.col };
    case 'PageDown':
      return { row: row(at.row + PAGE_ROWS), col: at.col };
    default:
      return null;
  }
}

/** The position kept inside a grid that shrank (another cluster, fewer rows). */
export function clampPosition(at: GridPosition, size: { rows: number; cols: number }): GridPosition {
  return {
    row: Math.max(0, Math.min(size.rows - 1, at.row)),
    col: Math.max(0, Math.min(size.cols - 1, at.col)),
  };
}
