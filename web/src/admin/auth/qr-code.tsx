/**
 * A QR code drawn as inline SVG from uqr's module matrix: no image URL, no injected markup, so it
 * passes the back office's strict CSP. Dark modules are black on white whatever the screen's
 * colours (readers want the contrast), with the standard quiet zone of four modules; each row's
 * runs of dark modules are one <rect> each.
 */
import { useMemo } from 'react';
import { encode } from 'uqr';

/** Dark runs of a matrix: `[x, y, width]` in modules. */
export function darkRuns(matrix: readonly (readonly boolean[])[]): [number, number, number][] {
  const runs: [number, number, number][] = [];
  matrix.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= row.length; x += 1) {
      const dark = x < row.length && row[x] === true;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push([start, y, x - start]);
        start = -1;
      }
    }
  });
  return runs;
}

export function QrCode({ value, label, size = 200 }: { value: string; label: string; size?: number }) {
  const { modules, runs } = useMemo(() => {
    // M: 15% of the code may be unreadable (a glare on the screen) and it still scans.
    const { data } = encode(value, { ecc: 'M', border: 4 });
    return { modules: data.length, runs: darkRuns(data) };
  }, [value]);

  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={modules} height={modules} fill="#fff" />
      {runs.map(([x, y, width]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={width} height={1} fill="#000" />
      ))}
    </svg>
  );
}
