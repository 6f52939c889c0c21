// Geometry of BITE's grid: flat-topped hexes in columns, odd columns (0-based) shifted half a
// hex down ("odd-q"); an id "CCRR" is the 1-based column then row.

export const S = 20; // hex radius (centre to corner) in SVG units
export const W = 1.5 * S; // column pitch
export const H = Math.sqrt(3) * S; // row pitch

export type Pt = [number, number];

/** The number of the first column in ids: 1 on BITE's map, 0 on Stalin's War's (its rows
 * still start at 1). Set by the board being drawn (one board per page at a time). */
let colBase = 1;
export function setColBase(base: number): void {
  colBase = base;
}

export function colRow(id: string): [number, number] {
  return [parseInt(id.slice(0, 2), 10) - colBase, parseInt(id.slice(2, 4), 10) - 1];
}

export function hexId(col: number, row: number): string {
  return String(col + colBase).padStart(2, "0") + String(row + 1).padStart(2, "0");
}

export function centre(col: number, row: number): Pt {
  return [S + W * col, H * (row + 0.5 + 0.5 * (col & 1))];
}

export function centreOf(id: string): Pt {
  const [c, r] = colRow(id);
  return centre(c, r);
}

export function corners(x: number, y: number, r = S): Pt[] {
  const out: Pt[] = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    out.push([x + r * Math.cos(a), y + r * Math.sin(a)]);
  }
  return out;
}

/** SVG path data of one hex outline. */
export function hexPath(x: number, y: number, r = S): string {
  const c = corners(x, y, r);
  return `M${f(c[0][0])} ${f(c[0][1])}` + c.slice(1).map((p) => `L${f(p[0])} ${f(p[1])}`).join("") + "Z";
}

export function f(v: number): string {
  return (Math.round(v * 10) / 10).toString();
}

/** The neighbours of a hex (inside a width x height grid). */
export function neighbours(col: number, row: number, width: number, height: number): [number, number][] {
  const odd = col & 1;
  const cand: [number, number][] = odd
    ? [[col, row - 1], [col, row + 1], [col + 1, row], [col + 1, row + 1], [col - 1, row], [col - 1, row + 1]]
    : [[col, row - 1], [col, row + 1], [col + 1, row - 1], [col + 1, row], [col - 1, row - 1], [col - 1, row]];
  return cand.filter(([c, r]) => c >= 0 && r >= 0 && c < width && r < height);
}

/** The shared side of two adjacent hexes, as a segment. */
export function edge(a: Pt, b: Pt): [Pt, Pt] {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const px = (-dy / len) * (S / 2);
  const py = (dx / len) * (S / 2);
  return [[mx - px, my - py], [mx + px, my + py]];
}

/** The hex under a point, or null outside the grid. */
export function hexAt(x: number, y: number, width: number, height: number): [number, number] | null {
  const c0 = Math.round((x - S) / W);
  let best: [number, number] | null = null;
  let bestD = Infinity;
  for (let c = c0 - 1; c <= c0 + 1; c++) {
    if (c < 0 || c >= width) continue;
    const r0 = Math.round(y / H - 0.5 - 0.5 * (c & 1));
    for (let r = r0 - 1; r <= r0 + 1; r++) {
      if (r < 0 || r >= height) continue;
      const [cx, cy] = centre(c, r);
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < bestD) {
        bestD = d;
        best = [c, r];
      }
    }
  }
  return best && bestD <= S * S ? best : null;
}
