import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { ArrayFieldTemplate } from './LongList.tsx';
import { PhotoUpload } from './PhotoUpload.tsx';
import { schemaMatch } from './schemaMatch.ts';

/**
 * The list (a `<datalist>` of FileEditor.tsx) a text field picks from, told by its schema's pattern
 * (a field may retitle the definition it refers to, as an event's "Cover image" does): asset
 * paths (common.schema.json's assetPath) and metric ids (metrics.schema.json's metricId).
 */
function pickerList(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return undefined;
  if (pattern.startsWith('^/assets/')) return 'asset-files';
  if (pattern === '^[a-z][a-z0-9]*(-[a-z0-9]+)*$') return 'metric-ids';
  return undefined;
}

/** How wide a text is in Latin letters: a CJK character takes two. */
const widthOf = (text: string) => text.length + (text.match(/[\u2e80-\uffff]/g)?.length ?? 0);

/**
 * Text of a paragraph's length gets a box that shows all of it; a short text, one line. An asset
 * path or a metric id offers the files of content/assets or the registry's metrics to pick from;
 * an asset path, an upload of a photograph too.
 */
function TextWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, schema, rawErrors } = props;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const common = {
    id,
    name: id,
    required,
    disabled: disabled || readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    onBlur: () => onBlur(id, text),
    onFocus: () => onFocus(id, text),
  };
  const change = (next: string) =>
    onChange(next === '' ? undefined : schema.type === 'number' || schema.type === 'integer' ? (Number.isNaN(Number(next)) ? next : Number(next)) : next);
  if (schema.type === 'string' && (widthOf(text) > 70 || text.includes('\n'))) {
    return (
      <textarea
        {...common}
        className="form-control"
        value={text}
        rows={Math.min(12, Math.ceil(widthOf(text) / 70) + text.split('\n').length)}
        onChange={(event) => change(event.target.value)}
      />
    );
  }
  const list = pickerList(schema.pattern);
  const input = <input {...common} className="form-control" type="text" list={list} value={text} onChange={(event) => change(event.target.value)} />;
  if (list !== 'asset-files' || disabled || readonly) return input;
  return (
    <div className="asset-field">
      {input}
      <PhotoUpload id={id} onUploaded={change} />
    </div>
  );
}

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
const widgets = { TextWidget };
const templates = { ArrayFieldTemplate };

/** A content file's form, made from its bundled schema. `readOnly` for a counterpart shown beside it. */
export function SchemaForm({
  schema,
  data,
  errors,
  readOnly,
  idPrefix,
  onChange,
}: {
  schema: RJSFSchema;
  data: unknown;
  errors?: ErrorSchema;
  readOnly?: boolean;
  idPrefix?: string;
  onChange?: (data: unknown) => void;
}) {
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      widgets={widgets}
      templates={templates}
      validator={schemaMatch}
      formData={data}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={errors}
      readonly={readOnly}
      idPrefix={idPrefix}
      // The data is the file's: nothing the file does not hold is added to it.
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults', arrayMinItems: { populate: 'never' } }}
      onChange={(event) => onChange?.(event.formData)}
    />
  );
}
