import { createContext, useContext, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useLanguage, useText } from './language.tsx';
import { PickerDialog } from './PickerDialog.tsx';
import {
  emptyRegistry,
  referencesIn,
  referenceText,
  registryLocale,
  searchMetrics,
  writtenFigure,
  yearsOf,
  type FoundReference,
  type Registry,
  type RegistryMetric,
} from './figures.ts';

/** The metrics registry the picker searches, read once when the editor opens (App.tsx). */
export const RegistryContext = createContext<Registry>(emptyRegistry);

/** The keys that open the picker in a text field: Alt+Shift+F (F for figure). */
const isShortcut = (event: KeyboardEvent) => event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyF';

type TextElement = HTMLInputElement | HTMLTextAreaElement;

/**
 * A text field with figures picked, not typed: `children` draws the field with the ref and key
 * handler given; beside it, a button (and Alt+Shift+F in the field) opens the picker, which puts
 * the chosen reference where the cursor was; under it, each reference of the text written out as
 * the page shows it, or what is wrong with it and the closest metric ids to choose instead.
 */
export function WithFigures({
  value,
  onChange,
  disabled,
  children,
}: {
  value: string;
  onChange: (next: string) => void;
  disabled?: boolean;
  children: (field: { ref: RefObject<TextElement | null>; onKeyDown: (event: KeyboardEvent) => void }) => ReactNode;
}) {
  const registry = useContext(RegistryContext);
  const { language } = useLanguage();
  const t = useText();
  const field = useRef<TextElement>(null);
  const [picking, setPicking] = useState(false);
  /** Where the reference goes: the field's selection when the picker opened. */
  const at = useRef<[number, number]>([value.length, value.length]);
  const open = () => {
    at.current = [field.current?.selectionStart ?? value.length, field.current?.selectionEnd ?? value.length];
    setPicking(true);
  };
  const insert = (reference: string) => {
    const [start, end] = at.current;
    onChange(`${value.slice(0, start)}${reference}${value.slice(end)}`);
    setPicking(false);
    // Back in the field, the cursor after what was put in.
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(start + reference.length, start + reference.length);
    });
  };
  const found = useMemo(() => (value.includes('{{') ? referencesIn(registry, value, language) : []), [registry, value, language]);
  const replace = (from: string, to: string) => onChange(value.replace(from, to));
  return (
    <div className="figure-field">
      <div className="figure-field-row">
        {children({ ref: field, onKeyDown: (event) => isShortcut(event) && !disabled && (event.preventDefault(), open()) })}
        {!disabled && (
          <button type="button" className="figure-button" onClick={open} title={`${t('figure.insert')} (Alt+Shift+F)`} aria-keyshortcuts="Alt+Shift+F">
            {t('figure.insert')}
          </button>
        )}
      </div>
      {found.length > 0 && (
        <ul className="figure-references">
          {found.map((reference, index) => (
            <ReferenceNote key={index} reference={reference} onReplace={replace} />
          ))}
        </ul>
      )}
      {/* Outside the file's <form> in the page: a form may not hold another. */}
      {picking && createPortal(<FigurePicker onInsert={insert} onClose={() => setPicking(false)} />, document.body)}
    </div>
  );
}

/** One reference of a field: the figure it writes, or its mistake with what to write instead. */
function ReferenceNote({ reference, onReplace }: { reference: FoundReference; onReplace: (from: string, to: string) => void }) {
  const t = useText();
  if (reference.kind === 'figure')
    return (
      <li className="figure-ok">
        <code>{reference.text}</code> → {reference.written}
      </li>
    );
  const message =
    reference.kind === 'unknown-metric'
      ? t('figure.unknownMetric', { id: reference.id })
      : reference.kind === 'unknown-year'
        ? t('figure.unknownYear', { id: reference.id, year: reference.year, years: reference.years.join(', ') })
        : t('figure.malformed', { text: reference.text });
  return (
    <li className="figure-problem" role="alert">
      <code>{reference.text}</code> {message}
      {reference.kind === 'unknown-metric' &&
        reference.closest.map((id) => (
          <button key={id} type="button" className="figure-suggestion" onClick={() => onReplace(reference.text, reference.text.replace(reference.id, id))}>
            {t('figure.use', { id })}
          </button>
        ))}
    </li>
  );
}

/** The picker: find a metric by its name in either language, its id or a GRI code; choose the year and the unit form; see what the page will show. */
function FigurePicker({ onInsert, onClose }: { onInsert: (reference: string) => void; onClose: () => void }) {
  const registry = useContext(RegistryContext);
  const { language } = useLanguage();
  const t = useText();
  const id = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<RegistryMetric>();
  const [year, setYear] = useState<number>();
  const [unit, setUnit] = useState(false);
  const results = useMemo(() => searchMetrics(registry, query), [registry, query]);
  const choose = (metric: RegistryMetric) => {
    setChosen(metric);
    setYear(yearsOf(metric)[0]);
  };
  const reference = chosen && year !== undefined ? referenceText(chosen.id, year, unit) : undefined;
  const written = chosen && year !== undefined ? writtenFigure(registry, chosen, year, unit, language) : undefined;
  return (
    <PickerDialog
      className="figure-picker"
      title={t('figure.insert')}
      onSubmit={() => reference && onInsert(reference)}
      onClose={onClose}
      actions={
        <button type="submit" className="save" disabled={!reference}>
          {t('figure.put')}
        </button>
      }
    >
      <label htmlFor={`${id}-search`}>{t('figure.search')}</label>
      <input id={`${id}-search`} type="search" autoFocus value={query} onChange={(event) => setQuery(event.target.value)} />
      <fieldset className="figure-results">
        <legend>{t('figure.metrics')}</legend>
        {results.length === 0 && <p>{t('figure.none')}</p>}
        {results.map((metric) => (
          <label key={metric.id} className="figure-result">
            <input type="radio" name={`${id}-metric`} value={metric.id} checked={chosen?.id === metric.id} onChange={() => choose(metric)} />
            <span className="figure-label">{metric.label[registryLocale(language)] ?? metric.label.zh_TW ?? metric.id}</span>
            <span className="figure-id">
              {metric.id}
              {metric.gri?.length ? ` · GRI ${metric.gri.join(', ')}` : ''}
            </span>
          </label>
        ))}
      </fieldset>
      {chosen && (
        <div className="figure-choice">
          <label>
            {t('figure.year')}{' '}
            <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
              {yearsOf(chosen).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input type="checkbox" checked={unit} onChange={(event) => setUnit(event.target.checked)} /> {t('figure.unit')}
          </label>
          <p className="figure-preview" role="status">
            {t('figure.preview', { reference: reference ?? '', written: written ?? '' })}
          </p>
        </div>
      )}
    </PickerDialog>
  );
}
