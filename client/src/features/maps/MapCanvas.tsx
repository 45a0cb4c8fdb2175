import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { densityCanvas, densityImage, drawPoints, MARGIN, toPixel, toUnit } from './mapDrawing';
import { labelAnchor, labelOffsets, pointAt } from './mapGeometry';

export interface CanvasPoint {
  lens_id: string;
  x: number;
  y: number;
  region: number;
  title: string;
  owner?: string | null;
  year: number;
}

interface Props {
  points: readonly CanvasPoint[];
  regions: readonly { id: number; words: string[]; size: number; x: number; y: number }[];
  colours: readonly string[];
  /** Points outside the selection are drawn faint; null: no selection. */
  selected: ReadonlySet<string> | null;
  lassoMode: boolean;
  onOpen(lensId: string): void;
  onRegion(region: number): void;
  onLasso(corners: [number, number][]): void;
}

const HIT_RADIUS_PX = 8;

const label = (point: CanvasPoint) =>
  `${point.title}. ${point.owner ?? 'Owner not recorded'}, ${point.year}.`;

/**
 * The map on a canvas (500 points draw in a few milliseconds, where as many SVG nodes would not):
 * density shading, the points in their colours, region labels as buttons over it. Hover shows a
 * point; a click opens it; in lasso mode a drag draws a loop. Keyboard: arrows step through the
 * points region by region, Enter opens the one stepped to.
 */
export function MapCanvas({
  points,
  regions,
  colours,
  selected,
  lassoMode,
  onOpen,
  onRegion,
  onLasso,
}: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [side, setSide] = useState(0);
  const [hovered, setHovered] = useState(-1);
  const [stepped, setStepped] = useState(-1);
  const [loop, setLoop] = useState<[number, number][] | null>(null);
  const labels = useRef<(HTMLButtonElement | null)[]>([]);
  const [offsets, setOffsets] = useState<number[]>([]);

  // Labels that would overlap are moved apart once their sizes are known, before the paint.
  useLayoutEffect(() => {
    if (side === 0) return;
    const boxes = regions.map((region, index) => {
      const width = labels.current[index]?.offsetWidth ?? 0;
      const height = labels.current[index]?.offsetHeight ?? 0;
      return {
        left: toPixel(region.x, side) - (labelAnchor(region.x) / 100) * width,
        top: toPixel(region.y, side) - height / 2,
        width,
        height,
      };
    });
    setOffsets(labelOffsets(boxes, side));
  }, [regions, side]);

  useEffect(() => {
    const element = canvas.current?.parentElement;
    if (!element) return;
    const observer = new ResizeObserver(() => setSide(Math.min(element.clientWidth, 560)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Region by region, in each the answer's order: the order keyboard stepping follows.
  const order = useMemo(
    () =>
      regions.flatMap((region) =>
        points.flatMap((point, index) => (point.region === region.id ? [index] : [])),
      ),
    [regions, points],
  );
  // The density shading depends on the points alone: made once, not on every hover or step.
  const density = useMemo(() => densityCanvas(densityImage(points)), [points]);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context || side === 0) return;
    const ratio = window.devicePixelRatio || 1;
    // Setting the size clears and reallocates the canvas: only when it changes, not per hover.
    if (canvas.current!.width !== side * ratio || !canvas.current!.hasAttribute('width')) {
      canvas.current!.width = side * ratio;
      canvas.current!.height = side * ratio;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, side, side);
    if (density) {
      // Scaled up as blocks, as the grid's cells were drawn before (no blur between cells).
      context.imageSmoothingEnabled = false;
      context.drawImage(density, 0, 0, side, side);
    }
    drawPoints(context, points, colours, selected, side);
    for (const index of [hovered, stepped]) {
      const point = points[index];
      if (!point) continue;
      context.strokeStyle = '#212529';
      context.lineWidth = 2;
      context.beginPath();
      context.arc(toPixel(point.x, side), toPixel(point.y, side), 7, 0, 2 * Math.PI);
      context.stroke();
    }
    if (loop && loop.length > 1) {
      context.strokeStyle = '#212529';
      context.setLineDash([4, 3]);
      context.beginPath();
      loop.forEach(([x, y], index) =>
        index === 0
          ? context.moveTo(toPixel(x, side), toPixel(y, side))
          : context.lineTo(toPixel(x, side), toPixel(y, side)),
      );
      context.closePath();
      context.stroke();
      context.setLineDash([]);
    }
  }, [points, density, colours, selected, side, hovered, stepped, loop]);

  const unitAt = (event: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    return [toUnit(event.clientX - box.left, side), toUnit(event.clientY - box.top, side)];
  };
  const hitAt = (event: PointerEvent<HTMLCanvasElement>) => {
    const [x, y] = unitAt(event);
    return pointAt(points, x, y, HIT_RADIUS_PX / side / (1 - 2 * MARGIN));
  };

  const keyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (order.length === 0) return;
    const at = order.indexOf(stepped);
    const next = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1 }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setStepped(order[(next + order.length) % order.length]!);
    } else if (event.key === 'Enter' && points[stepped]) {
      event.preventDefault();
      onOpen(points[stepped].lens_id);
    }
  };

  const shown = points[hovered] ?? null;
  const steppedPoint = points[stepped];
  return (
    <div className="result-map position-relative mx-auto" style={{ maxWidth: 560 }}>
      <canvas
        ref={canvas}
        data-testid="result-map-canvas"
        tabIndex={0}
        role="img"
        aria-label="Map of the results by meaning. Arrow keys step through the patents region by region; Enter opens one. The table below lists the regions."
        aria-describedby="result-map-stepped"
        style={{
          width: side,
          height: side,
          touchAction: lassoMode ? 'none' : 'auto',
          cursor: lassoMode ? 'crosshair' : 'default',
        }}
        className="border rounded d-block"
        onKeyDown={keyDown}
        onPointerDown={(event) => {
          if (!lassoMode) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          setLoop([unitAt(event)]);
        }}
        onPointerMove={(event) => {
          if (loop) setLoop([...loop, unitAt(event)]);
          else setHovered(hitAt(event));
        }}
        onPointerLeave={() => setHovered(-1)}
        onPointerUp={(event) => {
          if (loop) {
            if (loop.length >= 3) onLasso(loop);
            setLoop(null);
            return;
          }
          const hit = hitAt(event);
          if (hit >= 0) onOpen(points[hit]!.lens_id);
        }}
      />
      {regions.map((region, index) => (
        <button
          key={region.id}
          ref={(element) => {
            labels.current[index] = element;
          }}
          type="button"
          className="btn btn-light btn-sm border position-absolute map-region-label"
          style={{
            left: toPixel(region.x, side),
            top: toPixel(region.y, side) + (offsets[index] ?? 0),
            transform: `translate(-${labelAnchor(region.x)}%, -50%)`,
          }}
          onClick={() => onRegion(region.id)}
          aria-label={`Region ${region.id + 1}: ${region.words.join(', ')}, ${region.size} patents. Show only these.`}
        >
          {region.words.slice(0, 2).join(' · ')} <span className="text-muted">({region.size})</span>
        </button>
      ))}
      {shown ? (
        <div
          role="tooltip"
          className="position-absolute bg-dark text-white small rounded p-2 map-tooltip"
          style={{ left: 8, bottom: 8, maxWidth: '90%' }}
        >
          <div className="fw-semibold">{shown.title}</div>
          <div>
            {shown.owner ?? 'Owner not recorded'} · {shown.year}
          </div>
        </div>
      ) : null}
      <p id="result-map-stepped" className="visually-hidden" aria-live="polite">
        {steppedPoint ? `Region ${steppedPoint.region + 1}: ${label(steppedPoint)}` : ''}
      </p>
    </div>
  );
}
