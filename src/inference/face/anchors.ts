/**
 * BlazeFace SSD anchors, in the order of the model's outputs: a 16×16 grid with 2 anchors per cell, then an 8×8 grid
 * with 6 anchors per cell (896 in all, for the 128 front and the 256 back model alike). Every anchor is a unit box
 * centred on its cell; coordinates are fractions of the input side.
 */
export interface AnchorLayer {
  cells: number;
  perCell: number;
}

/** The two output layers: `Identity`/`Identity_2` (16×16×2), `Identity_1`/`Identity_3` (8×8×6). */
export const BLAZEFACE_LAYERS: readonly AnchorLayer[] = [
  { cells: 16, perCell: 2 },
  { cells: 8, perCell: 6 },
];

/** Anchor centres of one layer as [x, y] fractions, in output order. */
export function anchorCentres(layer: AnchorLayer): Float32Array {
  const out = new Float32Array(layer.cells * layer.cells * layer.perCell * 2);
  let i = 0;
  for (let y = 0; y < layer.cells; y++) {
    for (let x = 0; x < layer.cells; x++) {
      for (let a = 0; a < layer.perCell; a++) {
        out[i++] = (x + 0.5) / layer.cells;
        out[i++] = (y + 0.5) / layer.cells;
      }
    }
  }
  return out;
}
