import JsBarcode from 'jsbarcode';
import { memo } from 'react';

// Code 128 set C packs two digits in each symbol: the densest barcode for an all-digit code.
const FORMAT = 'CODE128C';
// Ten modules of white each side: the quiet zone a scanner needs to find the bars' edges.
const QUIET_MODULES = 10;

/** The bar pattern (`1` black module, `0` white) JsBarcode encodes for `code`. */
function barPattern(code: string): string {
  const target: { encodings?: { data: string }[] } = {};
  JsBarcode(target, code, { format: FORMAT });
  return target.encodings?.map((encoding) => encoding.data).join('') ?? '';
}

/** Each run of black modules as [start, width], in modules from the left edge of the bars. */
function barsOf(pattern: string): [number, number][] {
  const bars: [number, number][] = [];
  for (const match of pattern.matchAll(/1+/g)) bars.push([match.index ?? 0, match[0].length]);
  return bars;
}

/**
 * The code as a Code 128 barcode, drawn as SVG bars scaled to the width it is given (crisp at
 * any size: every bar is a whole number of modules), with a quiet zone on each side. Drawn again
 * only for a new code, as the QR code is.
 */
export const Barcode = memo(function Barcode({ code, label }: { code: string; label: string }) {
  const pattern = barPattern(code);
  const width = pattern.length + 2 * QUIET_MODULES;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} 40`}
      preserveAspectRatio="none"
      shapeRendering="crispEdges"
      className="h-24 w-full bg-white"
    >
      {barsOf(pattern).map(([start, run]) => (
        <rect key={start} x={start + QUIET_MODULES} y={0} width={run} height={40} fill="#000" />
      ))}
    </svg>
  );
});
