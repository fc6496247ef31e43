import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Element } from 'domhandler';
import { Sparkline, TrendChart, type ChartSeries, type TrendChartProps } from '../../templates/blocks/TrendChart.tsx';
import { page } from '../helpers/html.ts';

const grouped = new Intl.NumberFormat('en');
const seriesOf = (label: string, values: (number | null)[]): ChartSeries => ({
  label,
  values,
  formatted: values.map((value) => (value === null ? '' : grouped.format(value))),
});

const water: TrendChartProps = {
  kind: 'bar',
  title: '近三年取水量（千立方公尺）',
  years: [2022, 2023, 2024],
  series: [seriesOf('取水量', [2486, 2431, 2372])],
  unit: '千立方公尺',
  iso: 'zh-Hant-TW',
  noFigure: '無資料',
};
const emissions: TrendChartProps = {
  kind: 'line',
  title: 'Greenhouse gas emissions (t CO2e)',
  years: [2022, 2023, 2024],
  series: [seriesOf('Scope 1', [41230, 39870, 37415]), seriesOf('Scope 2', [88410, 84120, 80230])],
  unit: 't CO2e',
  iso: 'en',
  noFigure: 'no data',
};

function chart(props: TrendChartProps) {
  const html = renderToStaticMarkup(<TrendChart {...props} />);
  const doc = page(html);
  const svg = doc.byTag('svg')[0]!;
  const [titleId, descId] = (svg.attribs['aria-labelledby'] ?? '').split(' ');
  return {
    html,
    doc,
    svg,
    title: doc.text(doc.byId(titleId!)!),
    description: doc.text(doc.byId(descId!)!),
    values: doc.byClass('trend-value', 'text').map((text) => doc.text(text)),
  };
}

const number = (element: Element, name: string) => Number(element.attribs[name]);

/** The points of a path made of M and L commands. */
const pointsOf = (d: string) => [...d.matchAll(/[ML]([-\d.]+),([-\d.]+)/g)].map((match) => ({ x: Number(match[1]), y: Number(match[2]) }));

describe('TrendChart', () => {
  it('is an image named by its title and described with every series, year and figure', () => {
    const { svg, title, description } = chart(water);
    expect(svg.attribs.role).toBe('img');
    // htmlparser2 lowers attribute names.
    expect(svg.attribs.viewbox).toMatch(/^0 0 \d+ \d+(\.\d+)?$/);
    expect(title).toBe('近三年取水量（千立方公尺）');
    expect(description).toBe('取水量: 2022 2,486; 2023 2,431; 2024 2,372');

    const lines = chart(emissions).description;
    expect(lines).toBe('Scope 1: 2022 41,230; 2023 39,870; 2024 37,415. Scope 2: 2022 88,410; 2023 84,120; 2024 80,230');
  });

  it('labels each figure on the chart as text', () => {
    expect(chart(water).values).toEqual(['2,486', '2,431', '2,372']);
    expect(chart(emissions).values.sort()).toEqual(['37,415', '39,870', '41,230', '80,230', '84,120', '88,410']);
  });

  it('draws nothing for a year without a figure and says so in words', () => {
    const gap = chart({ ...water, series: [seriesOf('取水量', [2486, null, 2372])] });
    expect(gap.values).toEqual(['2,486', '2,372']);
    expect(gap.doc.byClass('trend-bar', 'rect')).toHaveLength(2);
    expect(gap.description).toBe('取水量: 2022 2,486; 2023 無資料; 2024 2,372');

    const line = chart({ ...emissions, series: [seriesOf('Scope 1', [41230, null, 37415])] });
    expect(line.doc.byClass('trend-marker')).toHaveLength(2);
    expect(line.values).toEqual(['41,230', '37,415']);
    expect(line.description).toBe('Scope 1: 2022 41,230; 2023 no data; 2024 37,415');
  });

  it('draws bars from zero, as tall as their values', () => {
    const { doc } = chart(water);
    const bars = doc.byClass('trend-bar', 'rect');
    const ratios = bars.map((bar, at) => number(bar, 'height') / [2486, 2431, 2372][at]!);
    for (const ratio of ratios) expect(ratio).toBeCloseTo(ratios[0]!, 3);
    const bottoms = bars.map((bar) => number(bar, 'y') + number(bar, 'height'));
    expect(new Set(bottoms.map((bottom) => bottom.toFixed(0))).size).toBe(1);
    expect(doc.byClass('trend-tick').map((tick) => doc.text(tick))).toContain('0');
  });

  it('tells series apart by marker and dash as well as colour, and names them in a legend', () => {
    const { doc } = chart(emissions);
    const series = doc.byClass('trend-series', 'g');
    expect(series).toHaveLength(2);
    const markers = series.map((group) => doc.byClass('trend-marker', 'path', group)[0]!.attribs.d);
    expect(markers[0]).not.toBe(markers[1]);
    const dashes = series.map((group) => doc.byClass('trend-line', 'path', group)[0]!.attribs['stroke-dasharray']);
    expect(dashes[0]).not.toBe(dashes[1]);
    expect(doc.byClass('trend-legend', 'ul')[0]!.attribs['aria-hidden']).toBe('true');
    expect(doc.byTag('li').map((item) => doc.text(item))).toEqual(['Scope 1', 'Scope 2']);
  });

  it('hatches the bars of a second series with a pattern the chart defines', () => {
    const { doc } = chart({ ...water, series: [seriesOf('一般廢棄物', [12486, 11431, 10372]), seriesOf('有害廢棄物', [3120, 2980, 3305])] });
    const [first, second] = doc.byClass('trend-series', 'g').map((group) => doc.byClass('trend-bar', 'rect', group));
    expect(first!.every((bar) => bar.attribs.fill === undefined)).toBe(true);
    const fill = second![0]!.attribs.fill ?? '';
    expect(fill).toMatch(/^url\(#.+\)$/);
    expect(doc.byId(fill.slice(5, -1))?.name).toBe('pattern');
  });

  it('runs its line from the earliest year, whatever the order of the years given', () => {
    const { doc } = chart({ ...emissions, years: [2024, 2023, 2022], series: [seriesOf('Scope 1', [37415, 39870, 41230])] });
    const points = pointsOf(doc.byClass('trend-line', 'path')[0]!.attribs.d ?? '');
    expect(points).toHaveLength(3);
    expect(points.map((point) => point.x)).toEqual([...points.map((point) => point.x)].sort((a, b) => a - b));
    // Falling values: each point lower on the chart, that is a larger y, than the one before.
    expect(points.map((point) => point.y)).toEqual([...points.map((point) => point.y)].sort((a, b) => a - b));
    expect(doc.byClass('trend-year').map((year) => doc.text(year))).toEqual(['2022', '2023', '2024']);
  });

  it('writes the y axis compactly in the page locale', () => {
    const { doc } = chart(emissions);
    expect(doc.byClass('trend-tick').map((tick) => doc.text(tick))).toEqual(['0', '20K', '40K', '60K', '80K', '100K']);
  });

  it('gives a count whole ticks, and writes every tick of an axis in one style', () => {
    const people = chart({ ...water, series: [seriesOf('職業病人數', [0, 1, 0])] });
    expect(people.doc.byClass('trend-tick').map((tick) => people.doc.text(tick))).toEqual(['0', '1']);
    // 5000 beside 1.5萬 would read as two scales: all in full.
    const visitors = chart({ ...water, series: [seriesOf('參訪人次', [8000, 14000, 19000])] });
    expect(visitors.doc.byClass('trend-tick').map((tick) => visitors.doc.text(tick))).toEqual(['0', '5,000', '10,000', '15,000', '20,000']);
  });

  it('gives each chart on a page its own ids, and no script', () => {
    const html = renderToStaticMarkup(
      <>
        <TrendChart {...water} />
        <TrendChart {...emissions} />
      </>,
    );
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(html).not.toMatch(/<script/i);
  });
});

describe('Sparkline', () => {
  it('is a small image named by its figures by year', () => {
    const html = renderToStaticMarkup(<Sparkline {...seriesOf('取水量', [2372, null, 2486])} years={[2024, 2023, 2022]} noFigure="無資料" />);
    const svg = page(html).byTag('svg')[0]!;
    expect(svg.attribs.role).toBe('img');
    expect([svg.attribs.width, svg.attribs.height]).toEqual(['80', '24']);
    expect(svg.attribs['aria-label']).toBe('取水量: 2022 2,486; 2023 無資料; 2024 2,372');
    expect(html).not.toMatch(/<script/i);
  });
});
