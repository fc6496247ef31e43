import Form, { getDefaultRegistry } from '@rjsf/core';
import {
  englishStringTranslator,
  replaceStringParameters,
  TranslatableString,
  type DescriptionFieldProps,
  type ErrorSchema,
  type FieldProps,
  type RJSFSchema,
  type UiSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { createContext, useContext, useMemo, type RefObject } from 'react';
import type { SiteMessages } from './api.ts';
import { WithFigures } from './FigurePicker.tsx';
import { DateInput } from './DateInput.tsx';
import type { EditorLanguage } from '../schemas/editApi.ts';
import { localizedSchema } from './localizedSchema.ts';
import { useLanguage } from './language.tsx';
import { FieldTemplate, valueAt, type TranslationSource } from './translation.tsx';
import { ArrayFieldTemplate } from './LongList.tsx';
import { AssetChoice } from './Media.tsx';
import { MetricObjectField } from './MetricTrace.tsx';
import { schemaMatch } from './schemaMatch.ts';
import { altFieldOf } from '../schemas/editApi.ts';

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
 * path or a metric id offers the files of content/assets or the registry's metrics to pick from.
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
  const list = pickerList(schema.pattern);
  // Free text may name figures: the picker puts a reference in, and each one is shown written out.
  if (schema.type === 'string' && !schema.pattern && !schema.enum && !schema.format) {
    const long = widthOf(text) > 70 || text.includes('\n');
    return (
      <WithFigures value={text} onChange={change} disabled={disabled || readonly}>
        {({ ref, onKeyDown }) =>
          long ? (
            <textarea
              {...common}
              ref={ref as RefObject<HTMLTextAreaElement>}
              onKeyDown={onKeyDown}
              className="form-control"
              value={text}
              rows={Math.min(12, Math.ceil(widthOf(text) / 70) + text.split('\n').length)}
              onChange={(event) => change(event.target.value)}
            />
          ) : (
            <input
              {...common}
              ref={ref as RefObject<HTMLInputElement>}
              onKeyDown={onKeyDown}
              className="form-control"
              type="text"
              value={text}
              onChange={(event) => change(event.target.value)}
            />
          )
        }
      </WithFigures>
    );
  }
  return <input {...common} className="form-control" type="text" list={list} value={text} onChange={(event) => change(event.target.value)} />;
}

/** What every field of a form is given besides its own value: the file and its data, and a translation's source. */
interface FormContext {
  file?: string;
  data: unknown;
  source?: TranslationSource;
}

/**
 * @rjsf's string field; under an asset path, the picture it names and the media picker, which puts
 * a chosen picture in the field and its description in the field beside it (`alt`, `coverAlt`).
 */
function StringField(props: FieldProps) {
  const { schema, fieldPathId, formData, onChange, disabled, readonly, registry } = props;
  const field = <DefaultStringField {...props} />;
  if (pickerList(schema.pattern) !== 'asset-files' || disabled || readonly) return field;
  const { file, data } = registry.formContext as FormContext;
  const path = fieldPathId.path;
  const key = path.at(-1);
  const describedBy = typeof key === 'string' ? altFieldOf(key) : undefined;
  const description = describedBy ? valueAt(data, [...path.slice(0, -1), describedBy]) : undefined;
  return (
    <div className="asset-field">
      {field}
      <AssetChoice
        value={typeof formData === 'string' ? formData : ''}
        describedBy={describedBy}
        description={typeof description === 'string' ? description : undefined}
        file={file}
        onChoose={(chosen, text) => {
          onChange(chosen, path);
          if (describedBy && text !== undefined) onChange(text, [...path.slice(0, -1), describedBy]);
        }}
      />
    </div>
  );
}
const DefaultStringField = getDefaultRegistry().fields.StringField!;

/** The keyword of an enum that names its values by the site's interface texts (cli/content/validators.ts). */
const labelsKeyword = 'x-labels';

/** The site's interface texts by locale (messages.yaml), read when the page opens. */
export const SiteMessagesContext = createContext<SiteMessages>({ zh_TW: {}, zh_CN: {}, en: {} });

/**
 * An enum value by the name the site shows it with (a schema's `x-labels`, cli/content/validators.ts):
 * `environment` under `event.category` → messages.yaml's `event.category.environment`, 環境永續.
 */
export function useValueLabel(): (labels: unknown, value: string) => string {
  const messages = useContext(SiteMessagesContext);
  const { language } = useLanguage();
  return (labels, value) => (typeof labels === 'string' ? (messages[language][`${labels}.${value}`] ?? messages.zh_TW[`${labels}.${value}`] ?? value) : value);
}

/**
 * The choice of a block's kind (@rjsf's `oneOf` selector) as a select named by its field's title:
 * @rjsf draws it without a label. Every other select is @rjsf's own, labelled by its field, its
 * values named as the site names them where the schema says how (`x-labels`).
 */
function SelectWidget(props: WidgetProps) {
  const { id, options, value, onChange, disabled, readonly, label, registry, schema } = props;
  const valueLabel = useValueLabel();
  if (!id.endsWith('__oneof_select') && !id.endsWith('__anyof_select')) {
    const named = options.enumOptions?.map((option) => ({ ...option, label: valueLabel(schema[labelsKeyword], String(option.value)) }));
    return <DefaultSelect {...props} options={{ ...options, enumOptions: named }} registry={registry} />;
  }
  const choices = options.enumOptions ?? [];
  return (
    <select
      id={id}
      className="form-control"
      aria-label={label}
      value={value === undefined ? '' : String(value)}
      disabled={disabled || readonly}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {choices.map((choice) => (
        <option key={String(choice.value)} value={String(choice.value)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
const DefaultSelect = getDefaultRegistry().widgets.SelectWidget!;

/** A text with what it names in backticks (`{count}`, what a writer types as it is) set as code, not shown with its backticks. */
export const WithCode = ({ text }: { text: string }) => (
  <>{text.split(/`([^`]+)`/).map((part, index) => (index % 2 ? <code key={index}>{part}</code> : part))}</>
);

/** A field's help, what it names in backticks set as code. */
function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  if (typeof description !== 'string')
    return (
      <div id={id} className="field-description">
        {description}
      </div>
    );
  return (
    <div id={id} className="field-description">
      <WithCode text={description} />
    </div>
  );
}

/** A `format: date` field in the team's format, with the browser's calendar (DateInput.tsx). */
function DateWidget({ id, value, onChange, disabled, readonly, required, rawErrors }: WidgetProps) {
  return (
    <DateInput
      id={id}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled || readonly}
      required={required}
      invalid={Boolean(rawErrors?.length)}
      onChange={(next) => onChange(next === '' ? undefined : next)}
    />
  );
}

const uiSchema: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
const widgets = { TextWidget, SelectWidget, DateWidget };
const fields = { StringField, ObjectField: MetricObjectField };
const templates = { ArrayFieldTemplate, FieldTemplate, DescriptionFieldTemplate };

/** @rjsf's own words (its buttons and notes) in Traditional Chinese; the rest, and English, as @rjsf has them. */
const rjsfChinese: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '項目',
  [TranslatableString.EmptyArray]: '尚無項目，請以下方按鈕新增。',
  [TranslatableString.YesLabel]: '是',
  [TranslatableString.NoLabel]: '否',
  [TranslatableString.CloseLabel]: '關閉',
  [TranslatableString.ErrorsLabel]: '錯誤',
  [TranslatableString.AddButton]: '新增',
  [TranslatableString.AddItemButton]: '新增項目',
  [TranslatableString.CopyButton]: '複製',
  [TranslatableString.MoveDownButton]: '下移',
  [TranslatableString.MoveUpButton]: '上移',
  [TranslatableString.RemoveButton]: '移除',
  [TranslatableString.ClearLabel]: '清除',
  [TranslatableString.OptionalObjectAdd]: '新增此選填欄位',
  [TranslatableString.OptionalObjectRemove]: '移除此選填欄位',
  [TranslatableString.OptionalObjectEmptyMsg]: '此選填欄位尚無資料',
  [TranslatableString.OptionPrefix]: '選項 %1',
  [TranslatableString.TitleOptionPrefix]: '%1 選項 %2',
  [TranslatableString.KeyLabel]: '%1：項目名稱',
};

/** The same in Simplified Chinese. */
const rjsfSimplified: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: '项目',
  [TranslatableString.EmptyArray]: '尚无项目，请用下方按钮添加。',
  [TranslatableString.YesLabel]: '是',
  [TranslatableString.NoLabel]: '否',
  [TranslatableString.CloseLabel]: '关闭',
  [TranslatableString.ErrorsLabel]: '错误',
  [TranslatableString.AddButton]: '添加',
  [TranslatableString.AddItemButton]: '添加项目',
  [TranslatableString.CopyButton]: '复制',
  [TranslatableString.MoveDownButton]: '下移',
  [TranslatableString.MoveUpButton]: '上移',
  [TranslatableString.RemoveButton]: '移除',
  [TranslatableString.ClearLabel]: '清除',
  [TranslatableString.OptionalObjectAdd]: '添加此选填字段',
  [TranslatableString.OptionalObjectRemove]: '移除此选填字段',
  [TranslatableString.OptionalObjectEmptyMsg]: '此选填字段尚无数据',
  [TranslatableString.OptionPrefix]: '选项 %1',
  [TranslatableString.TitleOptionPrefix]: '%1 选项 %2',
  [TranslatableString.KeyLabel]: '%1：项目名称',
};

const translatorOf =
  (words: Partial<Record<TranslatableString, string>>) =>
  (text: TranslatableString, params?: string[]): string =>
    words[text] ? replaceStringParameters(words[text], params) : englishStringTranslator(text, params);

const translators: Record<EditorLanguage, (text: TranslatableString, params?: string[]) => string> = {
  en: englishStringTranslator,
  zh_TW: translatorOf(rjsfChinese),
  zh_CN: translatorOf(rjsfSimplified),
};

/** A content file's form, made from its bundled schema. `readOnly` for a counterpart shown beside it. */
export function SchemaForm({
  schema,
  data,
  errors,
  readOnly,
  idPrefix,
  source,
  file,
  onChange,
}: {
  schema: RJSFSchema;
  data: unknown;
  errors?: ErrorSchema;
  readOnly?: boolean;
  idPrefix?: string;
  /** For a translation: its zh_TW source, shown under each text field. */
  source?: TranslationSource;
  /** The content file the form edits (its locale chooses a suggested description of a picture). */
  file?: string;
  onChange?: (data: unknown) => void;
}) {
  const { language } = useLanguage();
  const shown = useMemo(() => localizedSchema(schema, language), [schema, language]);
  const formContext = useMemo((): FormContext => ({ source, file, data }), [source, file, data]);
  return (
    <Form
      schema={shown}
      translateString={translators[language]}
      formContext={formContext}
      uiSchema={uiSchema}
      widgets={widgets}
      fields={fields}
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
