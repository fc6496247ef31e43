import type { ReactElement } from 'react';
import type { Components, Materiality, Performance, Sustainable, Ungc } from '../content/types.ts';
import type { ContentDocument } from './validate.ts';
import type { DocumentRoute, RouteDeclaration } from './routes.tsx';
import { toSummary } from './events.ts';
import { ComponentsPage } from '../../templates/pages/ComponentsPage.tsx';
import { MaterialityPage } from '../../templates/pages/MaterialityPage.tsx';
import { PerformancePage } from '../../templates/pages/PerformancePage.tsx';
import { SustainablePage } from '../../templates/pages/SustainablePage.tsx';
import { UngcPage } from '../../templates/pages/UngcPage.tsx';

/**
 * A page with tabs, each tab its own address: `name` shows tab 1, `name/1` … `name/<count>` each tab.
 * The count is fixed here and in the page's schema (minItems = maxItems), so a tab can never be missing.
 */
function tabbed(name: string, document: string, count: number, render: (document: ContentDocument, tab: number) => ReactElement): DocumentRoute[] {
  const tabs = Array.from({ length: count }, (_, tab) => ({ name: `${name}/${tab + 1}`, document, render: (file: ContentDocument) => render(file, tab) }));
  return [{ name, document, render: (file) => render(file, 0) }, ...tabs];
}

const performance = (name: string) => tabbed(name, `${name}.yaml`, 3, (document, tab) => <PerformancePage data={document.data as Performance} tab={tab} base={`/${name}`} />);

/** The sustainability pages of spec §2 with a shape of their own: topics and SDGs, Global Compact, performance, materiality matrix, components (the article ones are in routeTable). */
export const sustainabilityRoutes: RouteDeclaration[] = [
  ...tabbed('sustainable', 'sustainable.yaml', 2, (document, tab) => <SustainablePage data={document.data as Sustainable} tab={tab} />),
  { name: 'report/UNGC-support', document: 'report/UNGC-support.yaml', render: (document) => <UngcPage data={document.data as Ungc} /> },
  ...performance('performance'),
  // The 2024 edition of the page (report year 2023), kept as the spec's "2024 variant".
  ...performance('performance2024'),
  { name: 'materiality-analyze', document: 'materiality-analyze.yaml', render: (document) => <MaterialityPage data={document.data as Materiality} /> },
  { name: 'components', document: 'components.yaml', render: (document, { events }) => <ComponentsPage data={document.data as Components} events={events.slice(0, 2).map(toSummary)} /> },
];
