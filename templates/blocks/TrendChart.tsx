import { useId } from 'react';
import { scaleBand, scaleLinear, scalePoint } from 'd3-scale';
import { line, symbol, symbolCircle, symbolDiamond, symbolSquare, symbolTriangle, type SymbolType } from 'd3-shape';

/**
 * Trend charts of a few years' figures, drawn at build time as inline SVG: no client JavaScript,
 * and nothing of d3 reaches the browser (this is a plain server component, never an island).
 *
 * ```ts
 * export interface ChartSeries {
 *   label: string;                 // the metric in the page's locale, "取水量"
 *   values: (number | null)[];     // one per year of `years`, null where there is no figure
 *   formatted: string[];           // the same values formatted for the locale, '' where null
 * }
 * export interface TrendChartProps {
 *   kind: 'line' | 'bar';
 *   title: string;                 // the accessible name, "近三年取水量（千立方公尺）"
 *   years: number[];               // in any order: the chart runs from the earliest year
 *   series: ChartSeries[];
 *   unit: string;                  // shown above the y axis, '' for none
 *   iso: string;                   // the page's locale (PageLocale.iso), for the y axis' numbers
 *   noFigure: string;              // the description's words for a missing figure, "無資料"
 * }
 * export function TrendChart(props: TrendChartProps): JSX.Element
 * export function Sparkline(props: SparklineProps): JSX.Element   // ChartSeries + years, noFigure
 * ```
 *
 * The picture has a title and a description naming every figure; each point or bar carries its
 * value as text, and series differ in marker, dash or hatching as well as colour, so neither
 * colour nor the picture alone carries the data.
 */
export interface ChartSeries {
  /** The metric's label in the page's locale, e.g. "取水量" or "Water withdrawal". */
  label: string;
  /** One value per year of `years`; null where the metric has no figure that year. */
  values: (number | null)[];
  /** The same values formatted for the locale (grouping, decimals, % sign), '' where null. */
  formatted: string[];
}

export interface TrendChartProps {
  kind: 'line' | 'bar';
  /** The chart's accessible name, e.g. the table caption "近三年取水量（千立方公尺）". */
  title: string;
  /** The years of the values, in any order: the chart reads from the earliest. */
  years: number[];
  series: ChartSeries[];
  /** The unit in the locale, shown above the y axis; '' when none ("%" is in the formatted values). */
  unit: string;
  /** The page's locale (`PageLocale.iso`, e.g. "zh-Hant-TW"): the y axis' compact numbers, "2.5K" or "1.2萬". */
  iso: string;
  /** Said in the description for a year without a figure, e.g. "無資料" or "no data". */
  noFigure: string;
  /** Show the legend for a single series too: one of several charts of a table names its metric. */
  legend?: boolean;
}

export interface SparklineProps extends ChartSeries {
  years: number[];
  /** As in TrendChartProps. */
  noFigure: string;
}

/** One year's figure of a series. */
interface YearFigure {
  year: number;
  value: number | null;
  formatted: string;
}

// Sizes in SVG units. The chart scales to its box; 360 units drawn 280 px wide (a 320 px phone
// less the page's margins) make 15-unit text 11.7 px, the smallest the issue allows is 11.
const width = 360;
const fontSize = 15;
const lineHeight = fontSize * 1.2;
/** Height of digits above their baseline. */
const capHeight = fontSize * 0.75;
const plotHeight = 150;
/** About how many ticks the y axis has: the domain ends on one of them. */
const tickCount = 4;
/** Space between a point or bar and its value label. */
const gap = 7;

/** Each series' marks besides its colour (trend-series-N in the CSS), so print and colour-blind readers can tell them apart. */
const seriesStyles: { marker: SymbolType; dash?: string; hatch?: string }[] = [
  { marker: symbolCircle },
  { marker: symbolSquare, dash: '7 4', hatch: 'M-1 1l2-2M0 6l6-6M5 7l2-2' },
  { marker: symbolTriangle, dash: '2 3', hatch: 'M0 3h6' },
  { marker: symbolDiamond, dash: '10 3 2 3', hatch: 'M0 3h6M3 0v6' },
];
const styleOf = (index: number) => seriesStyles[index % seriesStyles.length]!;
const seriesClass = (index: number) => `trend-series-${(index % seriesStyles.length) + 1}`;
const markerPath = (index: number) => symbol(styleOf(index).marker, 56).digits(1)() ?? '';

export function TrendChart({ kind, title, years, series, unit, iso, noFigure, legend = series.length > 1 }: TrendChartProps) {
  // Prefixed: islands render apart, and their own useId ids could repeat React's bare ones.
  const id = `trend${useId()}`;
  const rows = series.map((entry) => chronological(entry, years));
  const frame = frameOf(kind, rows, unit, iso);
  return (
    <div className={`trend-chart trend-${kind}`}>
      <svg viewBox={`0 0 ${width} ${frame.height}`} fontSize={fontSize} role="img" aria-labelledby={`${id}-title ${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{series.map((entry, index) => describe(entry.label, rows[index]!, noFigure)).join('. ')}</desc>
        {kind === 'bar' && <Hatches id={id} count={series.length} />}
        <Axes frame={frame} unit={unit} />
        {rows.map((figures, index) =>
          kind === 'bar' ? (
            <Bars key={index} id={id} index={index} figures={figures} frame={frame} />
          ) : (
            <Line key={index} index={index} figures={figures} frame={frame} />
          ),
        )}
        {kind === 'line' && <LineLabels rows={rows} frame={frame} />}
      </svg>
      {legend && <Legend id={id} kind={kind} series={series} />}
    </div>
  );
}

/** A tiny line for a data list: the values' shape only, their figures in its name. */
export function Sparkline({ label, values, formatted, years, noFigure }: SparklineProps) {
  const figures = chronological({ label, values, formatted }, years);
  // The extent, not zero: at 24 px high a zero-based line would look flat, and the figures are in the name.
  const known = figures.flatMap((figure) => (figure.value === null ? [] : [figure.value]));
  const x = scalePoint(
    figures.map((figure) => figure.year),
    [3, 77],
  );
  const y = scaleLinear([Math.min(...known), Math.max(...known)], [21, 3]);
  const last = figures.findLast((figure) => figure.value !== null);
  return (
    <svg className="trend-sparkline" width={80} height={24} viewBox="0 0 80 24" role="img" aria-label={describe(label, figures, noFigure)}>
      <path className="trend-line" d={pathOf(figures, x, y)} />
      {last && <circle className="trend-spark-end" cx={x(last.year)} cy={y(last.value!)} r={2.5} />}
    </svg>
  );
}

/** "取水量: 2022 2,486; 2023 無資料; 2024 2,372". */
function describe(label: string, figures: YearFigure[], noFigure: string): string {
  return `${label}: ${figures.map((figure) => `${figure.year} ${figure.value === null ? noFigure : figure.formatted}`).join('; ')}`;
}

/** A series' figures from the earliest year, whatever order the table had its columns in. */
function chronological({ values, formatted }: ChartSeries, years: number[]): YearFigure[] {
  return years.map((year, at) => ({ year, value: values[at] ?? null, formatted: formatted[at] ?? '' })).sort((a, b) => a.year - b.year);
}

type Frame = ReturnType<typeof frameOf>;

/** The scales and margins of a chart: everything its parts need to place themselves. */
function frameOf(kind: TrendChartProps['kind'], rows: YearFigure[][], unit: string, iso: string) {
  const known = rows.flat().flatMap((figure) => (figure.value === null ? [] : [figure.value]));
  const values = scaleLinear(valueDomain(known), [0, 1]).nice(tickCount);
  // Counts (people, sessions, tonnes written whole) get whole ticks: no 0.2 of a person.
  const ticks = values.ticks(tickCount).filter((tick) => !known.every(Number.isInteger) || Number.isInteger(tick));
  const tickLabel = compactFormat(ticks, iso);
  const left = Math.max(...ticks.map((tick) => textWidth(tickLabel(tick)))) + 10;
  const years = rows[0]?.map((figure) => figure.year) ?? [];
  const yearBand = scaleBand(years, [left, width - 4])
    .paddingInner(0.25)
    .paddingOuter(0.2);
  const seriesBand = scaleBand(
    rows.map((_, index) => index),
    [0, yearBand.bandwidth()],
  ).padding(0.08);
  const x = kind === 'bar' ? (year: number) => yearBand(year)! + yearBand.bandwidth() / 2 : scalePoint(years, [left, width - 4]).padding(0.5);
  // Bar labels too wide for their bar stand upright, which needs room above the tallest bar.
  const widestValue = Math.max(0, ...rows.flat().map((figure) => textWidth(figure.formatted)));
  const uprightLabels = kind === 'bar' && widestValue > (rows.length > 1 ? seriesBand.step() : yearBand.step());
  const unitRow = unit ? lineHeight : 0;
  const top = unitRow + (uprightLabels ? widestValue + gap : lineHeight + gap);
  const y = values.copy().range([top + plotHeight, top]);
  const bottom = top + plotHeight;
  return {
    x: (year: number) => x(year) ?? 0,
    y,
    yearBand,
    seriesBand,
    ticks,
    tickLabel,
    left,
    unitRow,
    uprightLabels,
    bottom,
    height: bottom + lineHeight + 8,
  };
}

/**
 * Bars and lines start at zero (below it only for negative values): a report's reader compares
 * figures by their height, and an axis cut near the data makes a 2 % change look like a doubling.
 */
function valueDomain(known: number[]): [number, number] {
  const low = Math.min(0, ...known);
  const high = Math.max(0, ...known);
  return [low, high === low ? 1 : high];
}

// Intl number formats are slow to make and a page has several charts: one per locale and precision.
const tickFormats = new Map<string, Intl.NumberFormat>();

/** Compact tick numbers ("2.5K", "1.2萬") with the significant digits that tell neighbouring ticks apart; in full where some would not be compact. */
function compactFormat(ticks: number[], iso: string): (tick: number) => string {
  const step = Math.abs((ticks[1] ?? 1) - (ticks[0] ?? 0)) || 1;
  const largest = Math.max(...ticks.map(Math.abs)) || 1;
  const digits = Math.min(21, Math.max(1, Math.floor(Math.log10(largest)) - Math.floor(Math.log10(step)) + 1));
  const compact = numberFormat(iso, digits, 'compact');
  // One style on an axis: "2萬, 1.5萬, 5000" reads as three scales, so then every tick is written in full.
  const styles = new Set(ticks.filter((tick) => tick !== 0).map((tick) => /^[-−]?[\d.,]+$/.test(compact.format(tick))));
  const format = styles.size > 1 ? numberFormat(iso, digits, 'standard') : compact;
  return (tick) => format.format(tick);
}

function numberFormat(iso: string, digits: number, notation: 'compact' | 'standard'): Intl.NumberFormat {
  const key = `${iso}/${digits}/${notation}`;
  let format = tickFormats.get(key);
  if (!format) tickFormats.set(key, (format = new Intl.NumberFormat(iso, { notation, maximumSignificantDigits: digits })));
  return format;
}

/** Width of a text in SVG units, near enough to lay labels out: CJK characters are square, the rest about 0.6 em. */
function textWidth(text: string): number {
  return [...text].reduce((sum, char) => sum + (char >= '\u2e80' ? 1 : 0.6), 0) * fontSize;
}

function Axes({ frame, unit }: { frame: Frame; unit: string }) {
  const { y, ticks, tickLabel, left, bottom, yearBand } = frame;
  const base = y(Math.max(0, y.domain()[0]!));
  return (
    <g className="trend-axes">
      {unit && (
        <text className="trend-unit" x={0} y={fontSize}>
          {unit}
        </text>
      )}
      {ticks.map((tick) => (
        <g key={tick}>
          <line className="trend-grid" x1={left} x2={width} y1={y(tick)} y2={y(tick)} />
          <text className="trend-tick" x={left - 6} y={y(tick)} dy="0.35em" textAnchor="end">
            {tickLabel(tick)}
          </text>
        </g>
      ))}
      <line className="trend-baseline" x1={left} x2={width} y1={base} y2={base} />
      {yearBand.domain().map((year) => (
        <text key={year} className="trend-year" x={frame.x(year)} y={bottom + lineHeight} textAnchor="middle">
          {year}
        </text>
      ))}
    </g>
  );
}

/** The path through a series' figures, broken where a year has none. */
function pathOf(figures: YearFigure[], x: (year: number) => number | undefined, y: (value: number) => number): string {
  const path = line<YearFigure>()
    .defined((figure) => figure.value !== null)
    .x((figure) => x(figure.year) ?? 0)
    .y((figure) => y(figure.value!))
    .digits(1);
  return path(figures) ?? '';
}

function Line({ index, figures, frame }: { index: number; figures: YearFigure[]; frame: Frame }) {
  const marker = markerPath(index);
  return (
    <g className={`trend-series ${seriesClass(index)}`}>
      <path className="trend-line" d={pathOf(figures, frame.x, frame.y)} strokeDasharray={styleOf(index).dash} />
      {figures.map((figure) =>
        figure.value === null ? null : (
          <path
            key={figure.year}
            className="trend-marker"
            d={marker}
            transform={`translate(${frame.x(figure.year).toFixed(1)} ${frame.y(figure.value).toFixed(1)})`}
          />
        ),
      )}
    </g>
  );
}

/** The value labels of all lines, drawn after every line so none is hidden, and moved apart where lines run close. */
function LineLabels({ rows, frame }: { rows: YearFigure[][]; frame: Frame }) {
  const years = rows[0]?.map((figure) => figure.year) ?? [];
  return (
    <g>
      {years.map((year, at) => {
        const marks = rows.flatMap((figures, index) => {
          const figure = figures[at]!;
          return figure.value === null ? [] : [{ index, figure, y: frame.y(figure.value) }];
        });
        // Where lines run close, the lowest one's label goes under its point, if the years leave it room.
        const lowest = Math.max(...marks.map((mark) => mark.y));
        const under = (y: number) => marks.length > 1 && y === lowest && y + gap + capHeight < frame.bottom - gap;
        const wanted = marks.map((mark) => (under(mark.y) ? mark.y + gap + capHeight : mark.y - gap));
        const baselines = spread(wanted, lineHeight, frame.unitRow + fontSize);
        return marks.map((mark, k) => (
          <text
            key={`${year}-${mark.index}`}
            className={`trend-value ${seriesClass(mark.index)}`}
            x={frame.x(year)}
            y={baselines[k]!.toFixed(1)}
            textAnchor="middle"
          >
            {mark.figure.formatted}
          </text>
        ));
      })}
    </g>
  );
}

/**
 * Baselines for labels that want to sit at `wanted`, at least `spacing` apart and none above
 * `highest`: labels that would overlap are stacked in their wanted order, centred where they wanted to be.
 */
function spread(wanted: number[], spacing: number, highest: number): number[] {
  const order = wanted.map((_, at) => at).sort((a, b) => wanted[a]! - wanted[b]!);
  const stacks: { members: number[]; start: number }[] = [];
  for (const at of order) {
    stacks.push({ members: [at], start: Math.max(highest, wanted[at]!) });
    while (stacks.length > 1) {
      const last = stacks.at(-1)!;
      const before = stacks.at(-2)!;
      if (before.start + before.members.length * spacing <= last.start) break;
      stacks.pop();
      before.members.push(...last.members);
      const centre = before.members.reduce((sum, member) => sum + wanted[member]!, 0) / before.members.length;
      before.start = Math.max(highest, centre - ((before.members.length - 1) * spacing) / 2);
    }
  }
  const baselines = [...wanted];
  for (const stack of stacks) stack.members.forEach((member, k) => (baselines[member] = stack.start + k * spacing));
  return baselines;
}

function Bars({ id, index, figures, frame }: { id: string; index: number; figures: YearFigure[]; frame: Frame }) {
  const { y, yearBand, seriesBand } = frame;
  const several = seriesBand.domain().length > 1;
  const barWidth = several ? seriesBand.bandwidth() : yearBand.bandwidth();
  const zero = y(0);
  return (
    <g className={`trend-series ${seriesClass(index)}`}>
      {figures.map(({ year, value, formatted }) => {
        if (value === null) return null;
        const left = yearBand(year)! + (several ? seriesBand(index)! : 0);
        const centre = left + barWidth / 2;
        const labelY = y(Math.max(0, value)) - gap;
        return (
          <g key={year}>
            <rect
              className="trend-bar"
              x={left.toFixed(1)}
              width={barWidth.toFixed(1)}
              y={Math.min(y(value), zero).toFixed(1)}
              height={Math.abs(zero - y(value)).toFixed(1)}
              fill={hatchOf(id, index)}
            />
            {frame.uprightLabels ? (
              <text className="trend-value" x={centre} y={labelY} dy="0.35em" transform={`rotate(-90 ${centre.toFixed(1)} ${labelY.toFixed(1)})`}>
                {formatted}
              </text>
            ) : (
              <text className="trend-value" x={centre} y={labelY} textAnchor="middle">
                {formatted}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

/** The fill of a series' bars: its colour (from the CSS) for the first, a hatching for the others. */
const hatchOf = (id: string, index: number) => (styleOf(index).hatch ? `url(#${id}-hatch-${index})` : undefined);

/** Hatchings for the bars of the second series on, so grouped bars differ in print and without colour. */
function Hatches({ id, count }: { id: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => index)
        .filter((index) => styleOf(index).hatch)
        .map((index) => (
          <pattern key={index} id={`${id}-hatch-${index}`} className={seriesClass(index)} patternUnits="userSpaceOnUse" width={6} height={6}>
            <rect className="trend-hatch-ground" width={6} height={6} />
            <path className="trend-hatch" d={styleOf(index).hatch} />
          </pattern>
        ))}
    </defs>
  );
}

/**
 * Each series' name beside its marker and dash, or its bar's fill. Hidden from screen readers:
 * the chart's description already names every series with its figures.
 */
function Legend({ id, kind, series }: { id: string; kind: TrendChartProps['kind']; series: ChartSeries[] }) {
  return (
    <ul className="trend-legend" aria-hidden="true">
      {series.map((entry, index) => (
        <li key={index} className={seriesClass(index)}>
          <svg width={32} height={14} viewBox="0 0 32 14">
            {kind === 'bar' ? (
              <rect className="trend-bar" x={8} y={1} width={16} height={12} fill={hatchOf(id, index)} />
            ) : (
              <>
                <path className="trend-line" d="M1 7H31" strokeDasharray={styleOf(index).dash} />
                <path className="trend-marker" d={markerPath(index)} transform="translate(16 7)" />
              </>
            )}
          </svg>
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
