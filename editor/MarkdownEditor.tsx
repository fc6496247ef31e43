import MarkdownIt from 'markdown-it';
import { useMemo, type RefObject } from 'react';
import { WithFigures } from './FigurePicker.tsx';

// As the build renders an event's body (cli/build/model/events.ts): raw HTML stays text.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** A Markdown text beside its rendering, for an event's body. */
export function MarkdownEditor({
  label,
  previewLabel,
  value,
  onChange,
}: {
  label: string;
  previewLabel: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const rendered = useMemo(() => markdown.render(value), [value]);
  return (
    <fieldset className="markdown">
      <legend>{label}</legend>
      <div className="markdown-panes">
        <WithFigures value={value} onChange={onChange}>
          {({ ref, onKeyDown }) => (
            <textarea
              ref={ref as RefObject<HTMLTextAreaElement>}
              onKeyDown={onKeyDown}
              id="markdown-body"
              aria-label={label}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              rows={16}
            />
          )}
        </WithFigures>
        {/* markdown-it output with raw HTML off: only the Markdown's own elements. It scrolls, so it takes focus (to scroll by keyboard). */}
        <div className="markdown-preview" role="region" aria-label={previewLabel} tabIndex={0} dangerouslySetInnerHTML={{ __html: rendered }} />
      </div>
    </fieldset>
  );
}
