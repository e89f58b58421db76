/**
 * The geometry of the evaluation-scores pie chart (spec part 1 §2 "Dashboard section", §9): one
 * slice per score with a count, drawn clockwise from twelve o'clock in the order given. Pure, so the
 * SVG component only draws what this works out.
 */

export interface PieItem<K extends string | number = string | number> {
  readonly key: K;
  readonly value: number;
}

export interface PieSlice<K extends string | number = string | number> {
  readonly key: K;
  readonly value: number;
  /** value / total, 0…1. */
  readonly fraction: number;
  /** Radians from twelve o'clock, clockwise. */
  readonly startAngle: number;
  readonly endAngle: number;
  /** SVG path data of the slice (a whole disc when it is the only slice). */
  readonly path: string;
  /** Where a label inside the slice sits (on the bisector, at `labelRadius`). */
  readonly labelX: number;
  readonly labelY: number;
}

export interface PieFrame {
  readonly cx: number;
  readonly cy: number;
  readonly radius: number;
  /** Distance of the label point from the centre; defaults to 62 % of the radius. */
  readonly labelRadius?: number;
}

const TURN = 2 * Math.PI;

/** Three decimals are plenty for a chart a few hundred pixels wide, and keep the markup short. */
function round(value: number): number {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** The point at `angle` (radians from twelve o'clock, clockwise) on a circle around the centre. */
export function pointAt(frame: PieFrame, angle: number, distance = frame.radius): [number, number] {
  return [round(frame.cx + distance * Math.sin(angle)), round(frame.cy - distance * Math.cos(angle))];
}

function slicePath(frame: PieFrame, start: number, end: number): string {
  const { cx, cy, radius: r } = frame;
  if (end - start >= TURN - 1e-9) {
    // An arc cannot start and end at the same point: a whole disc is two half circles.
    return `M ${round(cx)} ${round(cy - r)} A ${r} ${r} 0 1 1 ${round(cx)} ${round(cy + r)} A ${r} ${r} 0 1 1 ${round(cx)} ${round(cy - r)} Z`;
  }
  const [x0, y0] = pointAt(frame, start);
  const [x1, y1] = pointAt(frame, end);
  const large = end - start > Math.PI ? 1 : 0;
  return `M ${round(cx)} ${round(cy)} L ${x0} ${y0} A ${r} ${r} 0 ${large} 1 ${x1} ${y1} Z`;
}

/**
 * The slices of the items with a value above zero (an empty score draws nothing), in order. Empty
 * when nothing counts: the screen shows its empty state instead of a chart.
 */
export function pieSlices<K extends string | number>(
  items: readonly PieItem<K>[],
  frame: PieFrame,
): PieSlice<K>[] {
  const counted = items.filter((item) => Number.isFinite(item.value) && item.value > 0);
  const total = counted.reduce((sum, item) => sum + item.value, 0);
  if (total <= 0) return [];
  const labelRadius = frame.labelRadius ?? frame.radius * 0.62;
  let start = 0;
  return counted.map((item, index) => {
    const fraction = item.value / total;
    // The last slice closes the circle exactly, whatever the floating-point sum says.
    const end = index === counted.length - 1 ? TURN : start + fraction * TURN;
    const middle = counted.length === 1 ? Math.PI : (start + end) / 2;
    const [labelX, labelY] =
      counted.length === 1 ? [round(frame.cx), round(frame.cy)] : pointAt(frame, middle, labelRadius);
    const slice = {
      key: item.key,
      value: item.value,
      fraction,
      startAngle: start,
      endAngle: end,
      path: slicePath(frame, start, end),
      labelX,
      labelY,
    };
    start = end;
    return slice;
  });
}
