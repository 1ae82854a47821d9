import { memo } from 'react';
import { encode } from 'uqr';

// Four modules of white around the symbol: the quiet zone ISO/IEC 18004 asks for.
const QUIET_MODULES = 4;

/** One SVG path of every dark module: a QR code of a 16-digit code is 21 × 21 modules. */
function modulesPath(data: boolean[][]): string {
  const parts: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return parts.join('');
}

/**
 * The code as a QR code (error correction M, which survives a scuffed phone screen), drawn as SVG.
 * Drawn again only for a new code: the countdown beside it renders every second, on old phones too.
 */
export const QrCode = memo(function QrCode({ code, label }: { code: string; label: string }) {
  const { data, size } = encode(code, { ecc: 'M', border: QUIET_MODULES });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="mx-auto size-44 bg-white"
    >
      <path d={modulesPath(data)} fill="#000" />
    </svg>
  );
});
